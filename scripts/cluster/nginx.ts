/**
 * nginx in front of N local server processes with the repo's own `deploy/nginx.conf` (the file
 * docker-compose mounts): its `server server:8080;` lines become one line per process and its
 * `listen` the chosen port; the rest (ip_hash for socket.io, round-robin for the API, /metrics
 * closed) is the same configuration production runs. Debian's `nginx` (or any on PATH).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The deploy file with these upstream addresses and this port. */
export const clusterNginxConf = (deployConf: string, upstreams: string[], port: number): string => {
  if (!/server server:8080;/.test(deployConf) || !/listen 8080;/.test(deployConf)) throw new Error('deploy/nginx.conf: expected `server server:8080;` and `listen 8080;` lines to fill in');
  return deployConf
    .replace(/^(\s*)server server:8080;$/gm, (_line, indent: string) => upstreams.map((u) => `${indent}server ${u};`).join('\n'))
    .replace(/listen 8080;/, `listen 127.0.0.1:${port};`);
};

/** The whole nginx.conf: foreground, its files under `dir`, the deploy file's server block inside http {}. */
export const nginxMainConf = (dir: string, serverBlock: string): string => {
  const asRoot = process.getuid?.() === 0;
  return [
    asRoot ? 'user root;' : '',
    'daemon off;',
    'worker_processes 1;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    'events { worker_connections 16384; }',
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(dir, t)};`),
    serverBlock,
    '}',
    '',
  ].join('\n');
};

export const startNginx = async (opts: { root: string; dir: string; upstreams: string[]; port: number }): Promise<ChildProcess> => {
  const found = spawnSync('nginx', ['-v'], { stdio: 'ignore' });
  if (found.error) throw new Error('nginx is not installed (Debian: apt-get install nginx-light)');
  mkdirSync(opts.dir, { recursive: true });
  const conf = join(opts.dir, 'nginx.conf');
  writeFileSync(conf, nginxMainConf(opts.dir, clusterNginxConf(readFileSync(join(opts.root, 'deploy', 'nginx.conf'), 'utf8'), opts.upstreams, opts.port)));
  const test = spawnSync('nginx', ['-t', '-q', '-c', conf, '-p', opts.dir], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx refused ${conf}: ${test.stderr.trim()}`);
  return spawn('nginx', ['-c', conf, '-p', opts.dir], { stdio: ['ignore', 'inherit', 'inherit'] });
};
