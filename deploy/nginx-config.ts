/**
 * The nginx site of the many-machine deployment, generated from the tables that the Node server
 * and the CDN files (`_headers`, `_redirects`) are made of: the alias redirects
 * (src/lib/routes.ts), the security headers and content policies (src/lib/security-policy.ts),
 * the content types, compression and caching rules and the not-found pages (api/src/static-site.ts).
 * nginx serves dist/ and hands /api/ (and the no-JavaScript newsletter posts) to N API instances,
 * so a browser sees the same answers as from `npm start`.
 *
 * `npm run build` writes it (scripts/postbuild.ts); `node deploy/nginx-config.ts` writes it again
 * from an existing dist/ with other NGINX_* settings. deploy/README.md lists them.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { TRANSLATED_LANGS } from '../src/lib/i18n/languages.ts';
import { routeAliases } from '../src/lib/routes.ts';
import {
  EDITOR_OPENER_POLICY,
  EDITOR_PATH_PREFIX,
  PREVIEW_CONTENT_SECURITY_POLICY,
  PREVIEW_FRAME_OPTIONS,
  PREVIEW_PATH_PREFIX,
  STRICT_CONTENT_SECURITY_POLICY,
  securityHeaders,
} from '../src/lib/security-policy.ts';
import { site } from '../src/lib/site.ts';
import {
  BROTLI_SUFFIX,
  COMPRESS_MIN_BYTES,
  COMPRESSIBLE,
  CONTENT_TYPES,
  NOT_FOUND_CACHE_CONTROL,
  cacheControl,
  headerPolicy,
  listFiles,
  sectionNotFoundPages,
} from '../api/src/static-site.ts';
import { UPSTREAM_FAIL_TIMEOUT_SECONDS } from './upstream-timing.ts';

export interface NginxSiteOptions {
  /** The public host name (server_name), e.g. www.example.org. */
  serverName: string;
  /** Absolute path of the built site that nginx serves. */
  root: string;
  /** The API instances, host:port each. */
  upstreams: string[];
  httpsPort: number;
  httpPort: number;
  /** Address to listen on; empty means every interface. */
  listenAddress: string;
  certificate: string;
  certificateKey: string;
  /**
   * A request header in which a CDN in front names the client (Netlify: X-Nf-Client-Connection-Ip);
   * empty when browsers reach nginx directly. The API then reads the client from it (TRUST_PROXY=1).
   */
  clientAddressHeader: string;
}

export const DEFAULT_NGINX_FILE = join(import.meta.dirname, 'nginx', 'sipa.conf');

/** The options from NGINX_* variables, with production defaults. */
export function nginxOptionsFromEnv(env: NodeJS.ProcessEnv, distDir: string): NginxSiteOptions {
  const serverName = env.NGINX_SERVER_NAME || new URL(env.SITE_URL || site.url).hostname;
  return {
    serverName,
    root: resolve(env.NGINX_ROOT || distDir),
    upstreams: (env.NGINX_API_UPSTREAMS || '127.0.0.1:4321')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    httpsPort: Number(env.NGINX_HTTPS_PORT || 443),
    httpPort: Number(env.NGINX_HTTP_PORT || 80),
    listenAddress: env.NGINX_LISTEN_ADDRESS || '',
    certificate: env.NGINX_TLS_CERTIFICATE || `/etc/letsencrypt/live/${serverName}/fullchain.pem`,
    certificateKey: env.NGINX_TLS_KEY || `/etc/letsencrypt/live/${serverName}/privkey.pem`,
    clientAddressHeader: env.NGINX_CLIENT_ADDRESS_HEADER || '',
  };
}

/** A double-quoted nginx string. */
function quote(value: string): string {
  if (/["\\\n\r$]/.test(value)) throw new Error(`nginx: cannot write ${JSON.stringify(value)} as a plain string`);
  return `"${value}"`;
}

/** A regular-expression location for an exact path. */
function escapeRegex(path: string): string {
  return path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function checkOptions(options: NginxSiteOptions) {
  if (!/^[a-z0-9.-]+$/i.test(options.serverName)) throw new Error(`NGINX_SERVER_NAME is not a host name: ${options.serverName}`);
  if (!options.upstreams.length) throw new Error('NGINX_API_UPSTREAMS names no API instance');
  for (const upstream of options.upstreams) {
    if (!/^[a-z0-9.:[\]-]+:\d+$/i.test(upstream)) throw new Error(`NGINX_API_UPSTREAMS: "${upstream}" is not host:port`);
  }
  if (options.clientAddressHeader && !/^[a-z0-9-]+$/i.test(options.clientAddressHeader)) {
    throw new Error(`NGINX_CLIENT_ADDRESS_HEADER is not a header name: ${options.clientAddressHeader}`);
  }
  for (const port of [options.httpsPort, options.httpPort]) {
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`NGINX_HTTPS_PORT / NGINX_HTTP_PORT: ${port} is not a port`);
  }
}

/** The text of the site file (http context: one upstream, maps, the HTTPS and the plain-HTTP server). */
export function nginxSite(distDir: string, options: NginxSiteOptions): string {
  checkOptions(options);
  const listen = (port: number) => (options.listenAddress ? `${options.listenAddress}:${port}` : String(port));
  const httpsOrigin = `https://$host${options.httpsPort === 443 ? '' : `:${options.httpsPort}`}`;

  // Types: the server's table, split into the bare type and whether it carries charset=utf-8.
  const byType = new Map<string, string[]>();
  for (const [extension, type] of Object.entries(CONTENT_TYPES)) {
    const bare = type.split(';')[0]!.trim();
    byType.set(bare, [...(byType.get(bare) ?? []), extension.slice(1)]);
  }
  // text/html is always among them; naming it again is a warning.
  const charsetTypes = [...new Set(Object.values(CONTENT_TYPES).filter((t) => /charset=utf-8/i.test(t)).map((t) => t.split(';')[0]!.trim()))].filter((type) => type !== 'text/html');
  // nginx always compresses text/html; naming it again is a warning.
  const gzipTypes = [...byType.keys()].filter((type) => COMPRESSIBLE.test(type) && type !== 'text/html');

  // Standalone HTML documents (the downloadable guides) get their own policy, as from the server.
  const documents: Array<[string, string]> = [];
  for (const path of listFiles(distDir)) {
    if (extname(path).toLowerCase() !== '.html') continue;
    const policy = headerPolicy(CONTENT_TYPES['.html']!, readFileSync(path));
    if (policy) documents.push([`/${relative(distDir, path).split(sep).join('/')}`, policy]);
  }

  const pageHeaders = securityHeaders({ https: true });
  const pagePolicy = pageHeaders['Content-Security-Policy']!;
  const sections = sectionNotFoundPages(distDir);
  const html = CONTENT_TYPES['.html']!;
  // Security headers on every answer of the HTTPS server (redirects and not-found pages too);
  // the API's own copies of them are hidden so each header is sent once.
  const headerNames = Object.keys(pageHeaders);
  const serverHeaders = [
    ...Object.entries(pageHeaders).map(
      ([name, value]) => `add_header ${name} ${name === 'Content-Security-Policy' ? '$sipa_csp' : name === 'X-Frame-Options' ? '$sipa_frame_options' : name === 'Cross-Origin-Opener-Policy' ? '$sipa_opener_policy' : quote(value)} always;`,
    ),
    // Empty (so not sent) for the API, which chooses its own.
    'add_header Cache-Control $sipa_cache_control always;',
  ];
  // nginx's variable for a request header: lower case, dashes as underscores.
  const clientVariable = `$http_${options.clientAddressHeader.toLowerCase().replace(/-/g, '_')}`;
  const clientAddressMap = options.clientAddressHeader
    ? `
# Behind the CDN, the client is the address the CDN names (${options.clientAddressHeader}); a request
# without it came to this host directly, and its own address counts.
map ${clientVariable} $sipa_client_address {
    "" $remote_addr;
    default ${clientVariable};
}
`
    : '';
  const forwardedFor = options.clientAddressHeader ? '$sipa_client_address' : '$proxy_add_x_forwarded_for';
  const indent = (lines: string[], by: string) => lines.map((line) => `${by}${line}`).join('\n');
  const staticLocation = (match: string, extra: string[] = []) =>
    [`    location ${match} {`, indent([...extra, '# One address per page: /about/ -> /about.', 'rewrite ^(/.*[^/])/+$ $1 permanent;', 'try_files $uri $uri/index.html =404;'], '        '), '    }'].join('\n');

  return `# SIPA: the nginx site of the many-machine deployment (deploy/README.md).
# Generated by \`npm run build\` (deploy/nginx-config.ts) from the tables that also write
# dist/_headers and dist/_redirects; do not edit: change NGINX_* and build again.
# Goes in nginx's http context, e.g. /etc/nginx/sites-enabled/sipa.conf.

upstream sipa_api {
${options.upstreams.map((server) => `    server ${server} max_fails=1 fail_timeout=${UPSTREAM_FAIL_TIMEOUT_SECONDS}s;`).join('\n')}
    keepalive 32;
}

# The map keys below (paths of the standalone documents) are longer than nginx's default allows.
map_hash_bucket_size 128;
${clientAddressMap}
# Pages carry their own <meta> policy and get the page header policy beside it; everything
# else (redirects too) a strict one; the standalone documents their own.
map "$status:$sent_http_content_type" $sipa_csp_by_type {
    ~^30[1278]: ${quote(STRICT_CONTENT_SECURITY_POLICY)};
    ~:text/html ${quote(pagePolicy)};
    default ${quote(STRICT_CONTENT_SECURITY_POLICY)};
}
map $uri $sipa_csp {
${documents.map(([path, policy]) => `    ${quote(path)} ${quote(policy)};`).join('\n')}
    ~^${PREVIEW_PATH_PREFIX} ${quote(PREVIEW_CONTENT_SECURITY_POLICY)};
    default $sipa_csp_by_type;
}
# The newsletter preview is the one document the site's own pages frame; nothing else may be framed.
map $uri $sipa_frame_options {
    ~^${PREVIEW_PATH_PREFIX} ${quote(PREVIEW_FRAME_OPTIONS)};
    default ${quote(pageHeaders['X-Frame-Options']!)};
}

# The content editor signs in through a popup that answers through window.opener.
map $uri $sipa_opener_policy {
    ~^${EDITOR_PATH_PREFIX}(/|$) ${quote(EDITOR_OPENER_POLICY)};
    default ${quote(pageHeaders['Cross-Origin-Opener-Policy']!)};
}

map $sent_http_content_type $sipa_cache_by_type {
    ~^text/html ${quote(cacheControl('/index.html', html))};
    default ${quote(cacheControl('/robots.txt', 'text/plain'))};
}
map $uri $sipa_cache_by_path {
    ~^/_astro/ ${quote(cacheControl('/_astro/x.js', CONTENT_TYPES['.js']!))};
    ~^/pagefind/ ${quote(cacheControl('/pagefind/x', CONTENT_TYPES['.js']!))};
    default $sipa_cache_by_type;
}
map $status $sipa_cache_by_status {
    404 ${quote(NOT_FOUND_CACHE_CONTROL)};
    ~^30[1278]$ "";
    default $sipa_cache_by_path;
}
# Empty (not sent) for the API, which chooses its own.
map $uri $sipa_cache_control {
    ~^/api/ "";
    default $sipa_cache_by_status;
}

server {
    listen ${listen(options.httpsPort)} ssl http2;
    server_name ${options.serverName};
    server_tokens off;

    ssl_certificate ${options.certificate};
    ssl_certificate_key ${options.certificateKey};
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_prefer_server_ciphers off;
    ssl_session_cache shared:sipa_tls:10m;
    ssl_session_timeout 1d;
    ssl_session_tickets off;

    root ${options.root};
    # Redirects name the path only, as the Node server's do.
    absolute_redirect off;
    # The API answers too large bodies itself (BODY_LIMIT_BYTES) with its own message.
    client_max_body_size 1m;

    types {
${[...byType].map(([type, extensions]) => `        ${type} ${extensions.join(' ')};`).join('\n')}
    }
    default_type application/octet-stream;
    charset utf-8;
    charset_types ${charsetTypes.join(' ')};

    gzip on;
    gzip_vary on;
    gzip_comp_level 6;
    gzip_min_length ${COMPRESS_MIN_BYTES};
    gzip_types ${gzipTypes.join(' ')};
    # The build's brotli copies (scripts/precompress.ts), sent as they are to browsers that accept
    # them: Debian's libnginx-mod-http-brotli-static.
    brotli_static on;

${indent(serverHeaders, '    ')}

    error_page 404 /404.html;

    # Without JavaScript the newsletter pages' button posts to the page's own address, in each
    # language, and so do a registration's cancel page and the reminder's Confirm page.
    if ($request_method = POST) {
        rewrite ^/newsletter/(confirm|unsubscribe)$ /api/newsletter/$1 last;
        rewrite ^/(${TRANSLATED_LANGS.join('|')})/newsletter/(confirm|unsubscribe)$ /api/newsletter/$2?lang=$1 last;
        rewrite ^/events/(cancel|attend)$ /api/event-registrations/$1?lang=en last;
        rewrite ^/(${TRANSLATED_LANGS.join('|')})/events/(cancel|attend)$ /api/event-registrations/$2?lang=$1 last;
    }

    location ^~ /api/ {
        proxy_pass http://sipa_api;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $http_host;
        # The API counts TRUST_PROXY hops from the right of this list.
        proxy_set_header X-Forwarded-For ${forwardedFor};
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_set_header X-Forwarded-Host $http_host;
        # A stopped instance: the request goes to the next one (a POST only if it was never sent).
        proxy_next_upstream error timeout http_502 http_503;
        proxy_connect_timeout 5s;
        # The API names its own charsets.
        charset off;
${indent(headerNames.map((name) => `proxy_hide_header ${name};`), '        ')}
    }

    # Old and mixed-case addresses: one canonical lowercase path each.
${Object.entries(routeAliases)
  .flatMap(([from, to]) => [`    location = ${from} { return 301 ${to}$is_args$args; }`, `    location = ${from}/ { return 301 ${to}$is_args$args; }`])
  .join('\n')}

    # A request for a not-found page itself is still a not-found.
${sections.map((section) => `    location ~ ^/${escapeRegex(section)}/(.*/)?404(\\.html)?/?$ { error_page 404 /${section}/404/index.html; return 404; }`).join('\n')}
    location ~ /404(\\.html)?/?$ { return 404; }
    location = /404.html { internal; }
    # The brotli copies are sent in place of their file, never at an address of their own.
    location ~ ${escapeRegex(BROTLI_SUFFIX)}$ { return 404; }

${sections.map((section) => staticLocation(`/${section}/`, [`error_page 404 /${section}/404/index.html;`])).join('\n')}
${staticLocation('/')}
}

server {
    listen ${listen(options.httpPort)};
    server_name ${options.serverName};
    server_tokens off;
    # Everything moves to HTTPS; a form post keeps its method (308).
    if ($request_method !~ ^(GET|HEAD)$) {
        return 308 ${httpsOrigin}$request_uri;
    }
    return 301 ${httpsOrigin}$request_uri;
}
`;
}

/** Writes the site file for dist/ with the NGINX_* settings of `env`; returns its path. */
export function writeNginxSite(distDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const file = resolve(env.NGINX_CONF || DEFAULT_NGINX_FILE);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, nginxSite(distDir, nginxOptionsFromEnv(env, distDir)));
  return file;
}

if (import.meta.filename === process.argv[1]) {
  const dist = resolve(process.env.DIST_DIR || join(import.meta.dirname, '..', 'dist'));
  console.log(`nginx site written to ${writeNginxSite(dist)}`);
}
