import { Router } from 'express';
import { challengePage, notFoundPage, outcomePage } from './challengePage.js';
import type { DepositLedger } from './createDepositLedger.js';

/**
 * `mpi_url` pages: the customer's browser opens them, so no token and no API key, and no
 * fault injection either (faults model the orchestrator's API, not the bank's page).
 */
export function createChallengeRouter(deps: { ledger: DepositLedger }): Router {
  const router = Router();
  router.get('/mpi/challenge/:id', (req, res) => {
    const deposit = deps.ledger.get(req.params.id);
    res.type('text/html; charset=utf-8');
    if (!deposit) res.status(404).send(notFoundPage());
    else res.status(200).send(challengePage(deposit));
  });
  router.post('/mpi/challenge/:id', (req, res) => {
    const form = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
    const outcome = form.get('outcome');
    res.type('text/html; charset=utf-8');
    if (outcome !== 'approve' && outcome !== 'fail') {
      const deposit = deps.ledger.get(req.params.id);
      if (!deposit) res.status(404).send(notFoundPage());
      else res.status(400).send(challengePage(deposit));
      return;
    }
    const deposit = deps.ledger.answerChallenge(req.params.id, outcome);
    if (!deposit) res.status(404).send(notFoundPage());
    else res.status(200).send(outcomePage(deposit));
  });
  return router;
}
