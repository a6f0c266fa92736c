/**
 * `npm run paypal -- <command>`: the REST checkout's PayPal side, with PAYPAL_CLIENT_ID,
 * PAYPAL_CLIENT_SECRET (and PAYPAL_API_BASE or content/site.json's `paypal.sandbox`) set.
 *   setup                 makes the product and the one monthly plan every monthly gift uses, and
 *                         prints PAYPAL_PLAN_ID to put in the configuration
 *   check                 asks PayPal for a token: the credentials and the host are right
 *   cancel <I-…>          cancels a monthly donor's subscription (a donor who asked by mail); the
 *                         record follows from PayPal's BILLING.SUBSCRIPTION.CANCELLED webhook
 */
import { loadConfig, type ApiConfig } from './config.ts';
import { createMonthlyPlan } from './donations/paypal-plan.ts';
import { createPaypalRest } from './donations/paypal-rest.ts';

const USAGE = `Usage: npm run paypal -- <command>
  setup            make the product and the monthly plan; prints PAYPAL_PLAN_ID
  check            check PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET against PayPal
  cancel <I-...>   cancel a monthly donor's PayPal subscription`;

export async function runPaypalCommand(args: string[], out: (line: string) => void = console.log, config: ApiConfig = loadConfig()): Promise<number> {
  const [command, id] = args;
  if (!config.paypalRest) {
    out('PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set (docs/donations.md).');
    return 2;
  }
  const rest = createPaypalRest(config.paypalRest);
  if (command === 'setup') {
    const made = await createMonthlyPlan(rest, config.paypalRest.clientId);
    out(`PayPal ${config.paypalRest.base}: product ${made.productId}, monthly plan ${made.planId}`);
    out(`PAYPAL_PLAN_ID=${made.planId}`);
    return 0;
  }
  if (command === 'check') {
    await rest.getOrder('CHECK-ONLY').catch((error: unknown) => {
      // A 404 for a made-up order means the token was granted: the credentials work.
      if (!(error instanceof Error && /404|RESOURCE_NOT_FOUND/.test(error.message))) throw error;
    });
    out(`PayPal ${config.paypalRest.base}: the credentials work.`);
    return 0;
  }
  if (command === 'cancel' && id && /^I-[A-Z0-9]+$/i.test(id)) {
    await rest.cancelSubscription(id, 'Cancelled at the donor’s request');
    out(`Subscription ${id} cancelled; its record follows PayPal's webhook.`);
    return 0;
  }
  out(USAGE);
  return 2;
}

if (import.meta.filename === process.argv[1]) {
  process.exitCode = await runPaypalCommand(process.argv.slice(2));
}
