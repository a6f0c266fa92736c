import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nginxOptionsFromEnv, nginxSite } from '../../deploy/nginx-config.ts';

/** A tiny built site: a page with its <meta> policy, a section not-found page, a standalone guide. */
const dist = mkdtempSync(join(tmpdir(), 'sipa-nginx-unit-'));
mkdirSync(join(dist, 'events', '404'), { recursive: true });
mkdirSync(join(dist, 'downloads'));
const page = '<!doctype html><meta http-equiv="content-security-policy" content="default-src \'self\'"><title>Home</title>';
writeFileSync(join(dist, 'index.html'), page);
writeFileSync(join(dist, 'events', '404', 'index.html'), page);
writeFileSync(join(dist, 'downloads', 'guide.html'), '<!doctype html><style>body{margin:0}</style><title>Guide</title>');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const site = (env: Record<string, string>) => nginxSite(dist, nginxOptionsFromEnv({ SITE_URL: 'https://www.example.org', ...env }, dist));

describe('the nginx site', () => {
  it('names the host, the instances and the certificate of the production defaults', () => {
    const text = site({ NGINX_API_UPSTREAMS: '10.0.0.11:4321, 10.0.0.12:4321' });
    expect(text).toContain('server_name www.example.org;');
    expect(text).toContain('    server 10.0.0.11:4321 max_fails=1 fail_timeout=5s;\n    server 10.0.0.12:4321 max_fails=1 fail_timeout=5s;');
    expect(text).toContain('ssl_certificate /etc/letsencrypt/live/www.example.org/fullchain.pem;');
    expect(text).toContain('listen 443 ssl http2;');
    expect(text).toContain('listen 80;');
    expect(text).toContain('return 301 https://$host$request_uri;');
    expect(text).toContain(`root ${dist};`);
  });

  it('gives a standalone document its own policy with its inline style by hash', () => {
    // sha256 of "body{margin:0}", base64 (openssl dgst -sha256 -binary | base64).
    expect(site({})).toContain(
      `"/downloads/guide.html" "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; style-src 'sha256-IAdwN3biDCQ3brrgp1m8kBEsPQYyqfREKOEfeoREopc='";`,
    );
  });

  it('lets the site frame the newsletter preview, with its own policy, and nothing else', () => {
    const text = site({});
    expect(text).toContain(`    ~^/api/newsletter-preview/ "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https: data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";\n    default $sipa_csp_by_type;`);
    expect(text).toContain('map $uri $sipa_frame_options {\n    ~^/api/newsletter-preview/ "SAMEORIGIN";\n    default "DENY";\n}');
    expect(text).toContain('add_header X-Frame-Options $sipa_frame_options always;');
    expect(text).not.toContain('add_header X-Frame-Options "DENY"');
  });

  it('lets the content editor at /cms/ keep its sign-in popup (same-origin-allow-popups), and no other address', () => {
    const conf = site({});
    expect(conf).toContain('add_header Cross-Origin-Opener-Policy $sipa_opener_policy always;');
    expect(conf).toMatch(/map \$uri \$sipa_opener_policy \{\n {4}~\^\/cms\(\/\|\$\) "same-origin-allow-popups";\n {4}default "same-origin";\n\}/);
  });

  it("answers a section's unknown addresses with that section's not-found page", () => {
    const text = site({});
    expect(text).toContain('location ~ ^/events/(.*/)?404(\\.html)?/?$ { error_page 404 /events/404/index.html; return 404; }');
    expect(text).toContain('    location /events/ {\n        error_page 404 /events/404/index.html;');
  });

  it('keeps a port other than 443 in the redirect to HTTPS and listens where told', () => {
    const text = site({ NGINX_HTTPS_PORT: '8443', NGINX_HTTP_PORT: '8080', NGINX_LISTEN_ADDRESS: '127.0.0.1' });
    expect(text).toContain('listen 127.0.0.1:8443 ssl http2;');
    expect(text).toContain('listen 127.0.0.1:8080;');
    expect(text).toContain('return 308 https://$host:8443$request_uri;');
  });

  it('refuses settings nginx would misread', () => {
    expect(() => site({ NGINX_API_UPSTREAMS: 'api.internal' })).toThrow('NGINX_API_UPSTREAMS: "api.internal" is not host:port');
    expect(() => site({ NGINX_SERVER_NAME: 'www.example.org; evil' })).toThrow('NGINX_SERVER_NAME is not a host name: www.example.org; evil');
    expect(() => site({ NGINX_HTTPS_PORT: '70000' })).toThrow('70000 is not a port');
  });
});
