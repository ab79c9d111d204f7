import { boardEventNames } from '../../../shared/contracts/board-events';
import type { EventHub } from '../../platform/events';
import { readBoardEvent } from './events';

/** One open event stream: takes the encoded Server-Sent Events frames meant for its board. */
export interface LiveViewer {
  write(frame: Buffer): void;
  /**
   * The board's slug, for a stream that carries several boards: each event's data then names its board
   * (`{ board, ...payload }`). A board's own stream leaves it out.
   */
  board?: string;
}

/** One Server-Sent Events frame, encoded once for every viewer that gets it. */
export function sseFrame(event: string, data: unknown): Buffer {
  return Buffer.from(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/**
 * The live viewers of each board, in rooms: a room holds one subscription to the event hub for all of its
 * board's viewers, so each event is parsed with its contract once and encoded once per process, then the
 * same bytes are written to every viewer (a game-day board has thousands). A room opens with its first
 * viewer and closes (unsubscribing) when its last one leaves. `onDropped` hears of an event that is not in
 * the contract (dropped, not sent).
 */
export function createLiveRooms(events: Pick<EventHub, 'subscribe'>, onDropped: (topic: string) => void) {
  interface Room {
    viewers: Set<LiveViewer>;
    subscribed: Promise<() => void>;
  }
  const rooms = new Map<string, Room>();

  /** Encodes the event once for the room's own viewers and once per tag for tagged ones. */
  const broadcast = (room: Room, name: string, payload: object) => {
    let plain: Buffer | undefined;
    const tagged = new Map<string, Buffer>();
    for (const viewer of [...room.viewers]) {
      if (viewer.board === undefined) {
        plain ??= sseFrame(name, payload);
        viewer.write(plain);
        continue;
      }
      let frame = tagged.get(viewer.board);
      if (!frame) {
        frame = sseFrame(name, { board: viewer.board, ...payload });
        tagged.set(viewer.board, frame);
      }
      viewer.write(frame);
    }
  };

  function open(topic: string): Room {
    const room: Room = {
      viewers: new Set(),
      subscribed: events.subscribe(topic, {
        data(data, name) {
          const event = readBoardEvent(name, data);
          if (event) broadcast(room, event.name, event.payload as object);
          else onDropped(topic);
        },
        resync: () => broadcast(room, boardEventNames.resync, {}),
      }),
    };
    rooms.set(topic, room);
    return room;
  }

  function leave(topic: string, room: Room, viewer: LiveViewer) {
    room.viewers.delete(viewer);
    if (room.viewers.size > 0 || rooms.get(topic) !== room) return;
    rooms.delete(topic);
    room.subscribed.then(
      (stop) => stop(),
      () => {},
    );
  }

  return {
    /**
     * Adds `viewer` to its board's room; resolves, once the room hears the board's events, to a function that
     * takes it out again (only the first call counts). Rejects when the room could not subscribe.
     */
    async join(topic: string, viewer: LiveViewer): Promise<() => void> {
      const room = rooms.get(topic) ?? open(topic);
      // In the room before waiting, so a last viewer leaving meanwhile does not close it under this one.
      room.viewers.add(viewer);
      try {
        await room.subscribed;
      } catch (err) {
        leave(topic, room, viewer);
        throw err;
      }
      let joined = true;
      return () => {
        if (!joined) return;
        joined = false;
        leave(topic, room, viewer);
      };
    },
    /** How many rooms are open now (one per board with a viewer on this process). */
    size: () => rooms.size,
  };
}
export type LiveRooms = ReturnType<typeof createLiveRooms>;
