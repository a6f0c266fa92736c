/**
 * The one product and monthly plan every Subscriptions v1 subscription is made on; each
 * subscription sets its own amount (the create call's plan override), so there is no plan per
 * gift. PAYPAL_PLAN_ID names one made beforehand (`npm run paypal -- setup`); unset, the first
 * monthly gift makes them and the database keeps their ids (table paypal_catalog) under the
 * PayPal host and app they belong to, so every server uses the same and a switch from the
 * sandbox to live (or to another app) makes new ones. Their PayPal-Request-Ids make two servers
 * starting at once create one.
 */
import { createHash } from 'node:crypto';
import { site } from '../../../src/lib/site.ts';
import type { Services } from '../services.ts';
import { PaypalRefused, type PaypalRest } from './paypal-rest.ts';

/** Makes the product and the plan on PayPal; returns their ids. */
export async function createMonthlyPlan(rest: PaypalRest, clientId: string): Promise<{ productId: string; planId: string }> {
  const tag = clientId.slice(-12);
  const product = await rest.createProduct({ name: `Donations to ${site.name}`, requestId: `sipa-donations-product-${tag}` });
  const plan = await rest.createPlan({ productId: product.id, name: `Monthly donation to ${site.name}`, requestId: `sipa-monthly-plan-${product.id}` });
  return { productId: product.id, planId: plan.id };
}

type PlanServices = Pick<Services, 'config' | 'db' | 'paypalRest'>;

/** The catalog's key of the plan of this PayPal host and app. */
function planKey(services: PlanServices): string {
  const { base, clientId } = services.config.paypalRest!;
  return `plan:${createHash('sha256').update(`${base} ${clientId}`).digest('hex').slice(0, 32)}`;
}

export async function ensureMonthlyPlan(services: PlanServices): Promise<string> {
  const { config, db } = services;
  if (config.paypalPlanId) return config.paypalPlanId;
  const key = planKey(services);
  const known = await db.kysely.selectFrom('paypal_catalog').select('value').where('name', '=', key).executeTakeFirst();
  if (known) return known.value;
  const made = await createMonthlyPlan(services.paypalRest!, config.paypalRest!.clientId);
  await db.write((trx) => trx.insertInto('paypal_catalog').values({ name: key, value: made.planId }).onConflict((oc) => oc.column('name').doNothing()).execute());
  const kept = await db.kysely.selectFrom('paypal_catalog').select('value').where('name', '=', key).executeTakeFirstOrThrow();
  return kept.value;
}

/**
 * Runs `create` with the monthly plan; when PayPal refuses a plan the database remembered (it
 * was deleted or deactivated in PayPal's screens), forgets it and tries once with a new one.
 */
export async function withMonthlyPlan<T>(services: PlanServices, create: (planId: string) => Promise<T>): Promise<T> {
  const planId = await ensureMonthlyPlan(services);
  try {
    return await create(planId);
  } catch (error) {
    if (!(error instanceof PaypalRefused) || error.status >= 500 || services.config.paypalPlanId) throw error;
    console.error(`donations: PayPal refused the monthly plan ${planId} (${error.message}); making a new one`);
    await services.db.write((trx) => trx.deleteFrom('paypal_catalog').where('name', '=', planKey(services)).where('value', '=', planId).execute());
    return create(await ensureMonthlyPlan(services));
  }
}
