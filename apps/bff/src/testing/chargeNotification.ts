/** An orchestrator webhook body about one charge, as the sandbox and the orchestrator send it. */
export function chargeNotification({
  orderId,
  chargeId,
  operationType = 'payout',
  webhookType = 'approved',
  status = 'approved',
  serverTime = 1_900_000_000,
}: {
  orderId: string;
  chargeId: string;
  operationType?: string;
  webhookType?: string;
  status?: string;
  serverTime?: number;
}) {
  return {
    webhook: { type: webhookType },
    data: {
      order_id: orderId,
      psp_name: 'northwind_pay',
      charge: {
        type: 'charge',
        id: chargeId,
        psp_order_id: null,
        operation_type: operationType,
        attributes: {
          status,
          amount: 10.5,
          currency: 'EUR',
          decline_code: null,
          decline_reason: null,
          created_at: 1_900_000_000,
          updated_at: 1_900_000_000,
        },
      },
    },
    meta: { server_time: serverTime, api_version: 'v2' },
  };
}
