import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestContext } from './test-app';

/**
 * One browser's cookies across several API calls (set, replaced, cleared as a browser does,
 * every cookie sent on every call: the paths only narrow what a real browser would send).
 */
export class CookieBrowser {
  readonly jar = new Map<string, string>();

  constructor(
    readonly ctx: TestContext,
    readonly remoteAddress = '203.0.113.10',
    readonly userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  ) {}

  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  take(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const cookie of response.cookies) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, cookie.value);
    }
    return response;
  }

  async call(request: Omit<InjectOptions, 'body'> & { json?: unknown }): Promise<LightMyRequestResponse> {
    const { json, headers, ...rest } = request;
    const response = await this.ctx.app.inject({
      remoteAddress: this.remoteAddress,
      ...rest,
      headers: {
        'user-agent': this.userAgent,
        ...(this.jar.size > 0 ? { cookie: this.cookieHeader() } : {}),
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(json === undefined ? {} : { payload: JSON.stringify(json) }),
    });
    return this.take(response);
  }

  post(url: string, json: unknown = {}) {
    return this.call({ method: 'POST', url, json });
  }

  get(url: string) {
    return this.call({ method: 'GET', url });
  }
}
