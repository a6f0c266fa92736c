/**
 * The workflow's first deploy step (.github/workflows/ci.yml): which deploys have every secret and
 * variable they read. For each that does not, a notice names what to set and the job's later
 * steps are skipped (outputs `site=false`, `api=false`), so a fork or a fresh repository stays
 * green. Only node: builtins, so it runs before `npm install`.
 *
 *   node deploy/deploy-check.ts site api
 */
import { appendFileSync } from 'node:fs';

export const REQUIREMENTS = {
  site: {
    title: 'The site is not deployed to Netlify',
    secrets: ['NETLIFY_AUTH_TOKEN'],
    variables: ['NETLIFY_SITE_ID', 'SITE_URL', 'API_ORIGIN'],
  },
  api: {
    title: 'The API is not deployed to its host',
    secrets: ['DEPLOY_SSH_KEY', 'DEPLOY_SSH_KNOWN_HOSTS'],
    variables: ['DEPLOY_SSH_TARGET'],
  },
} as const;

export type Deploy = keyof typeof REQUIREMENTS;

export interface CheckResult {
  ready: Record<string, boolean>;
  notices: string[];
}

export function checkDeploys(deploys: Deploy[], env: NodeJS.ProcessEnv): CheckResult {
  const ready: Record<string, boolean> = {};
  const notices: string[] = [];
  for (const deploy of deploys) {
    const { title, secrets, variables } = REQUIREMENTS[deploy];
    const missingSecrets = secrets.filter((name) => !env[name]?.trim());
    const missingVariables = variables.filter((name) => !env[name]?.trim());
    ready[deploy] = !missingSecrets.length && !missingVariables.length;
    if (ready[deploy]) continue;
    const parts = [
      missingSecrets.length ? `the secret${missingSecrets.length > 1 ? 's' : ''} ${missingSecrets.join(', ')}` : '',
      missingVariables.length ? `the variable${missingVariables.length > 1 ? 's' : ''} ${missingVariables.join(', ')}` : '',
    ].filter(Boolean);
    notices.push(`::notice title=${title}::Set ${parts.join(' and ')} in the repository's Settings > Secrets and variables > Actions (deploy/README.md).`);
  }
  return { ready, notices };
}

if (import.meta.filename === process.argv[1]) {
  const deploys = process.argv.slice(2) as Deploy[];
  for (const deploy of deploys) if (!(deploy in REQUIREMENTS)) throw new Error(`deploy-check: unknown deploy "${deploy}" (site or api)`);
  const { ready, notices } = checkDeploys(deploys, process.env);
  for (const notice of notices) console.log(notice);
  const outputs = Object.entries(ready).map(([deploy, ok]) => `${deploy}=${ok}\n`).join('');
  if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, outputs);
  else process.stdout.write(outputs);
}
