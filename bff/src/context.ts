import type { Request, Response } from 'express';
import type { CaptchaService } from './auth/captcha.js';
import type { Sessions } from './auth/session.js';
import type { SharedStore } from './auth/store.js';
import type { LoginThrottle } from './auth/throttle.js';
import type { Viewer } from './auth/viewer.js';
import type { AccountsClient } from './upstream/accounts.js';
import type { CatalogueClient } from './upstream/catalogue.js';
import type { Upstream } from './upstream/http.js';
import type { Config } from './config.js';
import type { Loaders } from './loaders.js';
import type { Uploads } from './uploads/routes.js';
import type { BackofficeClient } from './upstream/backoffice.js';

/** Long-lived services shared by every request of one BFF process. */
export interface Services {
  config: Config;
  http: Upstream;
  catalogue: CatalogueClient;
  accounts: AccountsClient;
  sessions: Sessions;
  captcha: CaptchaService;
  throttle: LoginThrottle;
  /** Sessions, counters and spent tokens shared by every replica (api database or Redis). */
  store: SharedStore;
  backoffice: BackofficeClient;
  uploads: Uploads;
}

export interface Context extends Services {
  viewer: Viewer | null;
  requestId: string;
  req: Request;
  res: Response;
  loaders: Loaders;
}
