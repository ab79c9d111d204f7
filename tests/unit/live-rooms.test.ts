import { describe, expect, it, vi } from 'vitest';
import type { ListenerState } from '../../src/server/db/listener';
import { createLiveRooms, type LiveViewer } from '../../src/server/features/boards/live-rooms';
import { createEventHub } from '../../src/server/platform/events';
import { EVENTS_CHANNEL } from '../../src/shared/contracts/board-events';

/** The real event hub on an in-memory LISTEN: `notify` delivers a payload as PostgreSQL would. */
function hubOnFakeListen() {
  let deliver: ((payload: string) => void) | undefined;
  let setState: ((state: ListenerState) => void) | undefined;
  let release: () => void = () => {};
  let failNext = false;
  const listens = vi.fn(
    async (channel: string, callback: (p: string) => void, onState?: (s: ListenerState) => void) => {
      expect(channel).toBe(EVENTS_CHANNEL);
      if (failNext) {
        failNext = false;
        throw new Error('LISTEN failed');
      }
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      deliver = callback;
      setState = onState;
      onState?.('ok');
      return async () => {};
    },
  );
  const hub = createEventHub({ listen: listens });
  const subscribe = vi.spyOn(hub, 'subscribe');
  return {
    hub,
    subscribe,
    /** Lets the pending LISTEN finish. */
    listening: () => release(),
    failNextListen: () => {
      failNext = true;
    },
    notify: (topic: string, event: string | undefined, data: unknown) =>
      deliver?.(JSON.stringify({ topic, ...(event ? { event } : {}), data })),
    drop: () => setState?.('down'),
    recover: () => setState?.('ok'),
  };
}

function viewer() {
  const frames: Buffer[] = [];
  const v: LiveViewer & { frames: Buffer[]; text(): string[] } = {
    frames,
    write: (frame) => frames.push(frame),
    text: () => frames.map((f) => f.toString()),
  };
  return v;
}

describe('live rooms (one subscription and one encoding per board and event)', () => {
  it('subscribes once per board however many viewers join, and gives them all the same bytes', async () => {
    const fake = hubOnFakeListen();
    const rooms = createLiveRooms(fake.hub, () => {});
    const viewers = Array.from({ length: 50 }, viewer);
    const joined = viewers.map((v) => rooms.join('board:a', v));
    fake.listening();
    const leaves = await Promise.all(joined);
    expect(fake.subscribe).toHaveBeenCalledTimes(1);

    fake.notify('board:a', undefined, { cells: [4, 7], code: 'ABC' });
    fake.notify('board:b', undefined, { cells: [1], code: 'ZZZ' });
    for (const v of viewers) {
      expect(v.text()).toEqual(['event: cells\ndata: {"cells":[4,7],"code":"ABC"}\n\n']);
      // The very same buffer: encoded once for the room, not once per viewer.
      expect(v.frames[0]).toBe(viewers[0]?.frames[0]);
    }
    for (const leave of leaves) leave();
    expect(rooms.size()).toBe(0);
  });

  it('tags events with their board for a multi-board viewer, encoded once per tag, untagged for the rest', async () => {
    const fake = hubOnFakeListen();
    const rooms = createLiveRooms(fake.hub, () => {});
    const plain = viewer();
    const tagged = [
      { ...viewer(), board: 'knicks' },
      { ...viewer(), board: 'knicks' },
    ];
    const joining = [plain, ...tagged].map((v) => rooms.join('board:a', v));
    fake.listening();
    await Promise.all(joining);
    expect(fake.subscribe).toHaveBeenCalledTimes(1);
    fake.notify('board:a', 'release', { released: [3] });
    expect(plain.text()).toEqual(['event: release\ndata: {"released":[3]}\n\n']);
    for (const v of tagged) expect(v.text()).toEqual(['event: release\ndata: {"board":"knicks","released":[3]}\n\n']);
    expect(tagged[0]?.frames[0]).toBe(tagged[1]?.frames[0]);
    fake.drop();
    fake.recover();
    expect(tagged[0]?.text().at(-1)).toBe('event: resync\ndata: {"board":"knicks"}\n\n');
  });

  it('closes a room with its last viewer and opens a new one for the next', async () => {
    const fake = hubOnFakeListen();
    const rooms = createLiveRooms(fake.hub, () => {});
    const first = viewer();
    const joining = rooms.join('board:a', first);
    fake.listening();
    const leave = await joining;
    leave();
    leave(); // only the first call counts
    expect(rooms.size()).toBe(0);
    fake.notify('board:a', undefined, { cells: [1], code: 'AAA' });
    expect(first.frames).toHaveLength(0);

    const second = viewer();
    const leaveSecond = await rooms.join('board:a', second);
    expect(fake.subscribe).toHaveBeenCalledTimes(2);
    fake.notify('board:a', 'release', { released: [1] });
    expect(second.text()).toEqual(['event: release\ndata: {"released":[1]}\n\n']);
    leaveSecond();
  });

  it('keeps a room open for a viewer still joining when the only other one leaves', async () => {
    const fake = hubOnFakeListen();
    const rooms = createLiveRooms(fake.hub, () => {});
    const early = viewer();
    const late = viewer();
    const joiningEarly = rooms.join('board:a', early);
    const joiningLate = rooms.join('board:a', late);
    fake.listening();
    (await joiningEarly)();
    const leaveLate = await joiningLate;
    expect(rooms.size()).toBe(1);
    fake.notify('board:a', undefined, { cells: [9], code: 'LAT' });
    expect(late.frames).toHaveLength(1);
    expect(early.frames).toHaveLength(0);
    leaveLate();
  });

  it('drops an event outside the contract, telling onDropped once per event, and resyncs every viewer', async () => {
    const fake = hubOnFakeListen();
    const dropped = vi.fn();
    const rooms = createLiveRooms(fake.hub, dropped);
    const a = viewer();
    const b = viewer();
    const joining = [rooms.join('board:a', a), rooms.join('board:a', b)];
    fake.listening();
    await Promise.all(joining);
    fake.notify('board:a', 'scored', { period: 'q1' });
    fake.notify('board:a', 'nope', {});
    expect(dropped).toHaveBeenCalledTimes(2);
    expect(dropped).toHaveBeenCalledWith('board:a');
    fake.drop();
    fake.recover();
    expect(a.text()).toEqual(['event: resync\ndata: {}\n\n']);
    expect(b.frames[0]).toBe(a.frames[0]);
  });

  it('rejects a viewer whose room could not subscribe, and leaves no room behind', async () => {
    const fake = hubOnFakeListen();
    fake.failNextListen();
    const rooms = createLiveRooms(fake.hub, () => {});
    await expect(rooms.join('board:a', viewer())).rejects.toThrow('LISTEN failed');
    expect(rooms.size()).toBe(0);
  });
});
