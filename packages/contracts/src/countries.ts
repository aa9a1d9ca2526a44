/**
 * Country reference data. Country names are not stored: the UI gets them from
 * `Intl.DisplayNames` in the user's language.
 */

/** Every officially assigned ISO 3166-1 alpha-2 code (249), alphabetical. */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ ' +
  'BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ ' +
  'DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ' +
  'ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ ' +
  'LA LB LC LI LK LR LS LT LU LV LY ' +
  'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ ' +
  'NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA ' +
  'RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ ' +
  'TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ ' +
  'VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

const COUNTRY_SET: ReadonlySet<string> = new Set(COUNTRY_CODES);

export function isCountryCode(code: string): boolean {
  return COUNTRY_SET.has(code);
}

export interface Subdivision {
  /** The ISO 3166-2 code without the country prefix (`CA` for US-CA), what `state` takes. */
  code: string;
  name: string;
}

function table(entries: string): readonly Subdivision[] {
  return entries.split('|').map((entry) => {
    const [code = '', name = ''] = entry.split(':');
    return { code, name };
  });
}

/**
 * The countries the orchestrator takes a `state` for. US includes DC and the five inhabited
 * territories, which are ISO 3166-2:US subdivisions and have US addresses.
 */
const STATES: Readonly<Record<string, readonly Subdivision[]>> = {
  US: table(
    'AL:Alabama|AK:Alaska|AZ:Arizona|AR:Arkansas|CA:California|CO:Colorado|CT:Connecticut|' +
      'DE:Delaware|DC:District of Columbia|FL:Florida|GA:Georgia|HI:Hawaii|ID:Idaho|IL:Illinois|' +
      'IN:Indiana|IA:Iowa|KS:Kansas|KY:Kentucky|LA:Louisiana|ME:Maine|MD:Maryland|' +
      'MA:Massachusetts|MI:Michigan|MN:Minnesota|MS:Mississippi|MO:Missouri|MT:Montana|' +
      'NE:Nebraska|NV:Nevada|NH:New Hampshire|NJ:New Jersey|NM:New Mexico|NY:New York|' +
      'NC:North Carolina|ND:North Dakota|OH:Ohio|OK:Oklahoma|OR:Oregon|PA:Pennsylvania|' +
      'RI:Rhode Island|SC:South Carolina|SD:South Dakota|TN:Tennessee|TX:Texas|UT:Utah|' +
      'VT:Vermont|VA:Virginia|WA:Washington|WV:West Virginia|WI:Wisconsin|WY:Wyoming|' +
      'AS:American Samoa|GU:Guam|MP:Northern Mariana Islands|PR:Puerto Rico|' +
      'VI:U.S. Virgin Islands',
  ),
  CA: table(
    'AB:Alberta|BC:British Columbia|MB:Manitoba|NB:New Brunswick|NL:Newfoundland and Labrador|' +
      'NS:Nova Scotia|ON:Ontario|PE:Prince Edward Island|QC:Quebec|SK:Saskatchewan|' +
      'NT:Northwest Territories|NU:Nunavut|YT:Yukon',
  ),
  AU: table(
    'NSW:New South Wales|QLD:Queensland|SA:South Australia|TAS:Tasmania|VIC:Victoria|' +
      'WA:Western Australia|ACT:Australian Capital Territory|NT:Northern Territory',
  ),
};

/** The states/provinces a payout to this country must name; [] when it takes none. */
export function statesOf(country: string): readonly Subdivision[] {
  return Object.hasOwn(STATES, country) ? (STATES[country] ?? []) : [];
}

export function countryHasStates(country: string): boolean {
  return statesOf(country).length > 0;
}
