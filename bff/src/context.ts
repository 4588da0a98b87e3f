import type { Viewer } from './auth/viewer.js';
import type { CatalogueClient } from './upstream/catalogue.js';
import type { Upstream } from './upstream/http.js';
import type { Config } from './config.js';

/** Long-lived services shared by every request of one BFF process. */
export interface Services {
  config: Config;
  http: Upstream;
  catalogue: CatalogueClient;
}

export interface Context extends Services {
  viewer: Viewer | null;
  requestId: string;
}
