/**
 * The deck's side of the notes window: it says where the deck is (slide, step, the votes) on a
 * BroadcastChannel whenever that changes or the notes window says hello, and takes the notes
 * window's commands (the presenter's laptop may drive the deck).
 */
import { useEffect, useRef } from 'react';
import {
  deckChannelName,
  isDeckMessage,
  stopAt,
  type DeckMessage,
  type DeckPosition,
  type Slide,
  type Votes,
} from '../../lib/deck';

interface Commands {
  next: () => void;
  prev: () => void;
  first: () => void;
  last: () => void;
  go: (p: DeckPosition) => void;
}

/** Keeps a notes window in step while the deck is mounted. */
export function useDeckChannel(o: {
  lang: string;
  slug: string;
  slides: readonly Slide[];
  pos: DeckPosition;
  votes: Votes;
  commands: Commands;
}): void {
  const { lang, slug, slides, pos, votes, commands } = o;
  const channel = useRef<BroadcastChannel | null>(null);
  const startedAt = useRef<number | null>(null);
  const message = useRef<() => DeckMessage>(() => ({ type: 'hello' }));
  message.current = (): DeckMessage => {
    const here = slides[pos.slide];
    const v = here?.kind === 'question' ? votes[here.id] : undefined;
    return {
      type: 'position',
      slide: pos.slide,
      step: pos.step,
      where: stopAt(here, pos.step)?.label ?? '',
      ...(v ? { votes: v } : {}),
      startedAt: startedAt.current,
    };
  };

  // The timer starts with the first move away from the title.
  useEffect(() => {
    if (pos.slide > 0 || pos.step > 0) startedAt.current ??= Date.now();
    channel.current?.postMessage(message.current());
  }, [pos, votes]);

  const cmd = useRef(commands);
  cmd.current = commands;
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const ch = new BroadcastChannel(deckChannelName(lang, slug));
    channel.current = ch;
    ch.onmessage = (event: MessageEvent) => {
      const data: unknown = event.data;
      if (!isDeckMessage(data)) return;
      if (data.type === 'hello') ch.postMessage(message.current());
      else if (data.type === 'command') {
        const c = cmd.current;
        if (data.command === 'next') c.next();
        else if (data.command === 'prev') c.prev();
        else if (data.command === 'first') c.first();
        else if (data.command === 'last') c.last();
        else if (data.command === 'goto' && data.slide !== undefined)
          c.go({ slide: data.slide, step: 0 });
      }
    };
    return () => {
      ch.close();
      channel.current = null;
    };
  }, [lang, slug]);
}
