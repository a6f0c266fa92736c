/**
 * The one product and monthly plan every Subscriptions v1 subscription is made on; each
 * subscription sets its own amount (the create call's plan override), so there is no plan per
 * gift. PAYPAL_PLAN_ID names one made beforehand (`npm run paypal -- setup`); unset, the first
 * monthly gift makes them and the database keeps their ids (table paypal_catalog), so every
 * server uses the same. Their PayPal-Request-Ids make two servers starting at once create one.
 */
import { site } from '../../../src/lib/site.ts';
import type { Services } from '../services.ts';
import type { PaypalRest } from './paypal-rest.ts';

/** Makes the product and the plan on PayPal; returns their ids. */
export async function createMonthlyPlan(rest: PaypalRest, clientId: string): Promise<{ productId: string; planId: string }> {
  const tag = clientId.slice(-12);
  const product = await rest.createProduct({ name: `Donations to ${site.name}`, requestId: `sipa-donations-product-${tag}` });
  const plan = await rest.createPlan({ productId: product.id, name: `Monthly donation to ${site.name}`, requestId: `sipa-monthly-plan-${product.id}` });
  return { productId: product.id, planId: plan.id };
}

export async function ensureMonthlyPlan(services: Pick<Services, 'config' | 'db' | 'paypalRest'>): Promise<string> {
  const { config, db } = services;
  if (config.paypalPlanId) return config.paypalPlanId;
  const known = await db.kysely.selectFrom('paypal_catalog').select('value').where('name', '=', 'plan').executeTakeFirst();
  if (known) return known.value;
  const made = await createMonthlyPlan(services.paypalRest!, config.paypalRest!.clientId);
  await db.write((trx) =>
    trx
      .insertInto('paypal_catalog')
      .values([
        { name: 'product', value: made.productId },
        { name: 'plan', value: made.planId },
      ])
      .onConflict((oc) => oc.column('name').doNothing())
      .execute(),
  );
  const kept = await db.kysely.selectFrom('paypal_catalog').select('value').where('name', '=', 'plan').executeTakeFirstOrThrow();
  return kept.value;
}
