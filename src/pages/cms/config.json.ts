import { backendFromEnv, cmsConfig } from '../../lib/cms/config.ts';
import { site } from '../../lib/site.ts';

export const GET = () => Response.json(cmsConfig(backendFromEnv(process.env), site.url));
