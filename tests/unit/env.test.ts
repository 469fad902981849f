import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/env';

const tempDir = () => mkdtempSync(join(tmpdir(), 'pactum-env-'));

describe('configuration', () => {
  it('has working defaults for the embedded mode', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.appUrl.origin).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demo).toBe(true);
    expect(config.logLevel).toBe('info');
  });

  it('generates SESSION_SECRET once and keeps it under DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
  });

  it('turns the demo off in production and with a database server, unless asked', () => {
    const DATA_DIR = tempDir();
    expect(loadConfig({ DATA_DIR, NODE_ENV: 'production' }).demo).toBe(false);
    expect(loadConfig({ DATA_DIR, DATABASE_URL: 'postgres://localhost/pactum' }).demo).toBe(false);
    expect(loadConfig({ DATA_DIR, DATABASE_URL: 'postgres://localhost/pactum', DEMO: 'true' }).demo).toBe(
      true,
    );
  });

  it('lets tests move the clock only when asked, and never in production', () => {
    const DATA_DIR = tempDir();
    expect(loadConfig({ DATA_DIR }).clockControl).toBe(false);
    expect(loadConfig({ DATA_DIR, CLOCK_CONTROL: 'true' }).clockControl).toBe(true);
    expect(() => loadConfig({ DATA_DIR, CLOCK_CONTROL: 'true', NODE_ENV: 'production' })).toThrow(
      /CLOCK_CONTROL .*never with NODE_ENV=production/,
    );
  });

  it('trusts a reverse proxy only when asked, and never every hop', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '10.0.0.2, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.2',
      '10.1.0.0/16',
    ]);
    // 'true' trusted every X-Forwarded-For entry, so a client could choose its own address.
    expect(() => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY must be false, the number of proxies/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'evil.example' })).toThrow(/TRUST_PROXY/);
  });

  it("reads each organization's storage quota and hourly upload budget in megabytes", () => {
    const defaults = loadConfig({ DATA_DIR: tempDir() });
    expect(defaults.organizationStorageBytes).toBe(5 * 1024 ** 3);
    expect(defaults.organizationHourlyUploadBytes).toBe(2 * 1024 ** 3);
    const set = loadConfig({
      DATA_DIR: tempDir(),
      ORGANIZATION_STORAGE_MB: '100',
      ORGANIZATION_UPLOAD_MB_PER_HOUR: '10',
    });
    expect(set.organizationStorageBytes).toBe(100 * 1024 ** 2);
    expect(set.organizationHourlyUploadBytes).toBe(10 * 1024 ** 2);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ORGANIZATION_STORAGE_MB: '0' })).toThrow(
      /ORGANIZATION_STORAGE_MB must be at least 1 \(got '0'\)/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), ORGANIZATION_UPLOAD_MB_PER_HOUR: 'lots' })).toThrow(
      /ORGANIZATION_UPLOAD_MB_PER_HOUR must be a number of megabytes/,
    );
  });

  it('derives APP_URL from PORT', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '8080' }).appUrl.origin).toBe('http://localhost:8080');
  });

  it.each([
    ['SESSION_SECRET', 'short'],
    ['DATABASE_URL', 'mysql://admin:hunter2@localhost/x'],
  ])('names %s when it is wrong, without printing the secret', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrow(new RegExp(`${name} must`));
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).not.toThrow(value);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['APP_URL', 'not a url'],
    ['DEMO', 'maybe'],
    ['LOG_LEVEL', 'loud'],
  ])('names %s when it is wrong (%s)', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrow(
      new RegExp(`${name} .*'${value}'`),
    );
  });
});
