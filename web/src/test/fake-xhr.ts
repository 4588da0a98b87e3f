/* A browser upload answered by the BFF: XMLHttpRequest is the browser's, not our code. Install
 * with `vi.stubGlobal('XMLHttpRequest', FakeXhr)`. */
export class FakeXhr {
  static answer: { status: number; body: unknown } = {
    status: 201,
    body: { id: 'up-1', name: 'foto.png', size: 4, type: 'image/png' },
  };
  static sent = 0;
  /** The URL of each request opened, in order. */
  static urls: string[] = [];
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  open(_method: string, url: string) {
    FakeXhr.urls.push(url);
  }
  setRequestHeader() {}
  abort() {}
  send() {
    FakeXhr.sent += 1;
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 4 });
      this.status = FakeXhr.answer.status;
      this.responseText = JSON.stringify(FakeXhr.answer.body);
      this.onload?.();
    }, 5);
  }
}
