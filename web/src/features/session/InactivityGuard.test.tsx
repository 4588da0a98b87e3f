import { MockedProvider } from '@apollo/client/testing/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCache } from '../../app/apollo';
import { TestMantine } from '../../test/render';
import { viewer } from '../../test/session';
import { ACTIVITY_CHANNEL, formatCountdown, type TabMessage } from './idle';
import { InactivityGuard } from './InactivityGuard';
import { TOUCH_SESSION } from './operations';

const touchResult = vi.fn(() => ({ data: { touchSession: viewer('ADMIN') } }));

function renderGuard() {
  const onLogout = vi.fn();
  const onSessionLost = vi.fn();
  render(
    <TestMantine>
      <MockedProvider
        cache={createCache()}
        mocks={[{ request: { query: TOUCH_SESSION }, result: touchResult, maxUsageCount: Number.POSITIVE_INFINITY }]}
      >
        <InactivityGuard timeoutSeconds={900} warningSeconds={120} onLogout={onLogout} onSessionLost={onSessionLost} />
      </MockedProvider>
    </TestMantine>,
  );
  return { onLogout, onSessionLost };
}

const seconds = (s: number) => act(() => vi.advanceTimersByTime(s * 1000));
const warning = () => screen.queryByRole('dialog', { name: 'Sesión por expirar' });

beforeEach(() => {
  vi.useFakeTimers();
  touchResult.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('InactivityGuard', () => {
  it('formats the countdown as m:ss', () => {
    expect(formatCountdown(120)).toBe('2:00');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('warns 2 minutes before the end with a m:ss countdown', async () => {
    renderGuard();
    await seconds(779);
    expect(warning()).not.toBeInTheDocument();
    await seconds(1);
    const dialog = warning()!;
    expect(dialog).toBeInTheDocument();
    expect(within(dialog).getByText('2:00')).toBeInTheDocument();
    await seconds(55);
    expect(within(dialog).getByText('1:05')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
  });

  it('"Continuar sesión" tells the server and starts over', async () => {
    renderGuard();
    await seconds(800);
    fireEvent.click(within(warning()!).getByRole('button', { name: 'Continuar sesión' }));
    await seconds(1);
    expect(touchResult).toHaveBeenCalledTimes(1);
    expect(warning()).not.toBeInTheDocument();
    await seconds(770);
    expect(warning()).not.toBeInTheDocument();
    await seconds(10);
    expect(warning()).toBeInTheDocument();
  });

  it('logs out by itself when the countdown reaches zero', async () => {
    const { onLogout } = renderGuard();
    await seconds(899);
    expect(onLogout).not.toHaveBeenCalled();
    await seconds(1);
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(warning()).not.toBeInTheDocument();
    await seconds(60);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('"Cerrar sesión" logs out at once', async () => {
    const { onLogout } = renderGuard();
    await seconds(790);
    fireEvent.click(within(warning()!).getByRole('button', { name: 'Cerrar sesión' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('activity resets the timer and touches the server at most once a minute', async () => {
    renderGuard();
    await seconds(700);
    fireEvent.mouseMove(window);
    fireEvent.keyDown(window, { key: 'a' });
    fireEvent.scroll(window);
    await seconds(1);
    expect(touchResult).toHaveBeenCalledTimes(1);
    await seconds(700);
    expect(warning()).not.toBeInTheDocument();
    fireEvent.click(document.body);
    await seconds(30);
    expect(touchResult).toHaveBeenCalledTimes(2);
    fireEvent.touchStart(window);
    await seconds(1);
    expect(touchResult).toHaveBeenCalledTimes(2);
  });

  it('a tab that slept past the end logs out as soon as it wakes', async () => {
    const { onLogout } = renderGuard();
    // The clock jumps without timers firing, as in a suspended laptop.
    vi.setSystemTime(Date.now() + 20 * 60 * 1000);
    fireEvent.mouseMove(window);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('goes home when the server no longer knows the session', async () => {
    touchResult.mockImplementationOnce(() => ({ data: { touchSession: null } }) as never);
    const { onSessionLost } = renderGuard();
    await seconds(120);
    fireEvent.mouseMove(window);
    await seconds(1);
    expect(onSessionLost).toHaveBeenCalledTimes(1);
  });
});

/** Another tab of the same browser, as the guard sees it: a BroadcastChannel of the same name. */
function nextMessage(channel: BroadcastChannel): Promise<TabMessage> {
  return new Promise((resolve) => {
    channel.addEventListener('message', (e) => resolve((e as MessageEvent<TabMessage>).data), { once: true });
  });
}

/** Posts as another tab would, and waits until it has crossed (on the event loop, not on timers). */
async function fromOtherTab(tab: BroadcastChannel, message: TabMessage) {
  const witness = new BroadcastChannel(ACTIVITY_CHANNEL);
  const crossed = nextMessage(witness);
  tab.postMessage(message);
  await act(async () => {
    await crossed;
  });
  witness.close();
}

describe('InactivityGuard across tabs (issue 13: the tabs share one session cookie)', () => {
  let tab: BroadcastChannel;
  beforeEach(() => {
    tab = new BroadcastChannel(ACTIVITY_CHANNEL);
  });
  afterEach(() => tab.close());

  it('activity in another tab keeps this idle tab from warning and logging out', async () => {
    const { onLogout } = renderGuard();
    await seconds(700);
    await fromOtherTab(tab, { type: 'activity', at: Date.now() });
    await seconds(700);
    expect(warning()).not.toBeInTheDocument();
    await seconds(80);
    expect(warning()).toBeInTheDocument();
    expect(onLogout).not.toHaveBeenCalled();
  });

  it("closes this tab's warning when someone is active in another tab", async () => {
    renderGuard();
    await seconds(800);
    expect(warning()).toBeInTheDocument();
    await fromOtherTab(tab, { type: 'activity', at: Date.now() });
    await seconds(1);
    expect(warning()).not.toBeInTheDocument();
  });

  it('tells the other tabs about activity here, and that the session ended', async () => {
    const { onLogout } = renderGuard();
    await seconds(10);
    const activity = nextMessage(tab);
    fireEvent.mouseMove(window);
    expect(await activity).toEqual({ type: 'activity', at: Date.now() });
    const ended = nextMessage(tab);
    await seconds(900);
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(await ended).toEqual({ type: 'ended' });
  });

  it('ends the session here when another tab ended it', async () => {
    const { onSessionLost, onLogout } = renderGuard();
    await fromOtherTab(tab, { type: 'ended' });
    expect(onSessionLost).toHaveBeenCalledTimes(1);
    expect(onLogout).not.toHaveBeenCalled();
  });
});
