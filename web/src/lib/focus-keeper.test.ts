import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emulateFocusFixup } from '../test/focus';
import { installFocusKeeper } from './focus-keeper';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('focus keeper (staff screens)', () => {
  const stops: (() => void)[] = [];
  beforeEach(() => {
    document.body.innerHTML = `
      <main><h1>Plantillas</h1>
        <section aria-labelledby="editor"><h2 id="editor">Editor</h2>
          <button id="save">Guardar</button><button id="other">Otro</button>
        </section>
      </main>`;
    stops.push(emulateFocusFixup(), installFocusKeeper());
  });
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    document.body.innerHTML = '';
  });
  const save = () => document.getElementById('save')!;

  it('gives focus back to a busy button once it is enabled again', async () => {
    save().focus();
    save().setAttribute('data-loading', 'true');
    save().setAttribute('disabled', '');
    await tick();
    expect(document.activeElement).toBe(document.body);
    save().removeAttribute('data-loading');
    save().removeAttribute('disabled');
    await tick();
    expect(save()).toHaveFocus();
  });

  it('leaves focus alone when the user has gone elsewhere meanwhile', async () => {
    save().focus();
    save().setAttribute('data-loading', 'true');
    save().setAttribute('disabled', '');
    await tick();
    document.getElementById('other')!.focus();
    save().removeAttribute('data-loading');
    save().removeAttribute('disabled');
    await tick();
    expect(document.getElementById('other')).toHaveFocus();
  });

  it("goes to the section's heading when the button stays disabled after its work ('Guardar', nothing left to save)", async () => {
    save().focus();
    save().setAttribute('data-loading', 'true');
    save().setAttribute('disabled', '');
    await tick();
    save().removeAttribute('data-loading');
    await tick();
    expect(document.getElementById('editor')).toHaveFocus();
  });

  it('does nothing after a click on the background (focus left an enabled control)', async () => {
    save().focus();
    save().blur();
    await tick();
    expect(document.activeElement).toBe(document.body);
  });
});
