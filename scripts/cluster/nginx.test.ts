import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clusterNginxConf, nginxMainConf } from './nginx';

// `npm run cluster` runs the same nginx configuration as docker-compose (issue 31 §1): the repo's
// deploy/nginx.conf with its upstream lines filled in, never a copy that could drift.
describe('deploy/nginx.conf, as the local cluster fills it in', () => {
  const deploy = readFileSync('deploy/nginx.conf', 'utf8');

  it('puts every process in both upstreams (round-robin API, ip_hash socket.io) and listens on the chosen port', () => {
    const conf = clusterNginxConf(deploy, ['127.0.0.1:8081', '127.0.0.1:8082'], 8080);
    const upstream = (name: string) => conf.slice(conf.indexOf(`upstream ${name} {`), conf.indexOf('}', conf.indexOf(`upstream ${name} {`)));
    expect(upstream('balcao').match(/server 127\.0\.0\.1:808[12];/g)).toEqual(['server 127.0.0.1:8081;', 'server 127.0.0.1:8082;']);
    expect(upstream('balcao_socket')).toContain('ip_hash;');
    expect(upstream('balcao_socket').match(/server 127\.0\.0\.1:808[12];/g)).toHaveLength(2);
    expect(conf).toContain('listen 127.0.0.1:8080;');
    expect(conf.replace(/#.*$/gm, '')).not.toContain('server:8080');
    // The metrics stay closed to the world through the proxy.
    expect(conf).toMatch(/location = \/metrics \{\s*return 404;/);
  });

  it('refuses a deploy file without the lines it fills in, rather than running something else', () => {
    expect(() => clusterNginxConf(deploy.replace(/server server:8080;/g, 'server app:9000;'), ['127.0.0.1:1'], 8080)).toThrow(/server server:8080/);
  });

  it('runs nginx in the foreground with its files in its own folder', () => {
    const main = nginxMainConf('/tmp/x', 'server {}');
    expect(main).toContain('daemon off;');
    expect(main).toContain('pid /tmp/x/nginx.pid;');
    expect(main).toContain('proxy_temp_path /tmp/x/proxy;');
  });
});
