export function startBanner(o: {
  boardUrl: string;
  bffUrl: string;
  probeUrl?: string;
  dev?: boolean;
  mailInbox?: string | null;
}): Promise<string>;
