/**
 * The fingerprint iframe content. It must work inside `<iframe sandbox="allow-scripts">`: the
 * document has an opaque origin there, so it touches no cookies or storage, loads nothing, and
 * posts to the parent with targetOrigin '*' (the only one an opaque origin can name).
 */
export function fingerprintPage(pspName: string): string {
  // JSON.stringify alone would let "</script>" end the script early; escape "<" as well.
  const pspLiteral = JSON.stringify(pspName).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Device check</title></head>
<body>
<p>Collecting device data&hellip;</p>
<script>
(function () {
  var psp = ${pspLiteral};
  var parts = [];
  try {
    var n = window.navigator || {};
    var s = window.screen || {};
    parts = [n.userAgent, n.language, (n.languages || []).join(','), n.platform,
      n.hardwareConcurrency, s.width + 'x' + s.height, s.colorDepth,
      new Date().getTimezoneOffset(),
      (window.Intl && Intl.DateTimeFormat().resolvedOptions().timeZone) || ''];
  } catch (e) {
    parts = ['unavailable'];
  }
  var text = parts.join('|');
  var h1 = 0x811c9dc5, h2 = 0x27d4eb2f;
  for (var i = 0; i < text.length; i++) {
    var c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 16777619);
    h2 = Math.imul(h2 ^ c, 2246822519);
  }
  var nonce = Math.random().toString(36).slice(2, 10);
  var data = 'sbx1.' + (h1 >>> 0).toString(16) + (h2 >>> 0).toString(16) + '.' + nonce;
  var fingerprint = {};
  fingerprint[psp] = data;
  window.parent.postMessage({ fingerprint: fingerprint }, '*');
})();
</script>
</body>
</html>
`;
}
