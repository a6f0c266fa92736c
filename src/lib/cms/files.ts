/**
 * The editor's files in the built site: its page, its configuration and the editor itself,
 * copied from the installed package (the version package.json pins) under a name with that
 * version, so a browser never keeps an old editor after an upgrade.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { editorContentSecurityPolicy } from '../security-policy.ts';
import { withLocalFonts } from './fonts.ts';

const require = createRequire(import.meta.url);
// The package exports only its module (npm/index.js); its folder is the one above.
const packageDir = dirname(dirname(require.resolve('@sveltia/cms')));

export const EDITOR_PATH = '/cms/';
export const EDITOR_CONFIG_PATH = '/cms/config.json';
export const EDITOR_VERSION: string = (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
export const EDITOR_SCRIPT_PATH = `/cms/sveltia-cms-${EDITOR_VERSION}.js`;

/** The editor as the package ships it for a page's <script>, its fonts from this site (its source map left behind). */
export function editorScript(): string {
  return withLocalFonts(readFileSync(join(packageDir, 'dist', 'sveltia-cms.js'), 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'));
}

/** The editor's page: no site layout, the editor's own policy, its configuration by link. */
export function editorPage(options: { authOrigin?: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${editorContentSecurityPolicy(options)}">
<meta name="robots" content="noindex, nofollow">
<title>SIPA content editor</title>
<link href="${EDITOR_CONFIG_PATH}" type="application/json" rel="cms-config-url">
</head>
<body>
<script src="${EDITOR_SCRIPT_PATH}"></script>
</body>
</html>
`;
}
