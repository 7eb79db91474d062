/**
 * The playback bar: reset, back, play/pause, forward, end, speed and the seek slider (steps or
 * simulated seconds). It re-renders on the machine's position; the diagram around it does not.
 */
import { speeds } from '../../machines/playbackMachine';
import { fixed } from '../../i18n/number';
import type { Tr } from './trClient';
import type { PlaybackActor } from './usePlayback';
import { useSelector } from './useSelector';

/** A 24×24 icon from one path; decorative (the button carries the label). */
function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={d} fill="currentColor" />
    </svg>
  );
}

/** The playback controls of one diagram. */
export function Playback({
  actor,
  tr,
  lang,
  timeMode,
  duration,
  total,
  uid,
}: {
  actor: PlaybackActor;
  tr: Tr;
  lang: string;
  timeMode: boolean;
  duration: number;
  total: number;
  uid: string;
}) {
  const s = useSelector(
    actor,
    (x) => ({
      pos: x.context.position,
      time: x.context.time,
      playing: x.matches('playing'),
      speed: x.context.speed,
    }),
    (a, b) =>
      a.pos === b.pos && a.time === b.time && a.playing === b.playing && a.speed === b.speed,
  );
  const step = Math.floor(s.pos + 1e-9);
  return (
    <div className="hop-playback" role="group" aria-label={tr('diagram.timeline')}>
      <div className="hop-playback__buttons">
        <button
          type="button"
          className="hop-btn"
          onClick={() => actor.send({ type: 'RESET' })}
          aria-label={tr('diagram.reset')}
          title={tr('diagram.reset')}
          data-action="reset"
        >
          <Icon d="M6 5h2v14H6zM20 5v14L9 12z" />
        </button>
        <button
          type="button"
          className="hop-btn"
          onClick={() => actor.send({ type: 'STEP', delta: -1 })}
          aria-label={tr('diagram.stepBack')}
          title={tr('diagram.stepBack')}
          disabled={step === 0}
          data-action="back"
        >
          <Icon d="M17 5v14L6 12z" />
        </button>
        <button
          type="button"
          className="hop-btn hop-btn--main"
          onClick={() => actor.send({ type: 'TOGGLE' })}
          aria-label={tr(s.playing ? 'diagram.pause' : 'diagram.play')}
          title={tr(s.playing ? 'diagram.pause' : 'diagram.play')}
          data-action="play"
        >
          <Icon d={s.playing ? 'M6 5h4v14H6zM14 5h4v14h-4z' : 'M7 5v14l12-7z'} />
        </button>
        <button
          type="button"
          className="hop-btn"
          onClick={() => actor.send({ type: 'STEP', delta: 1 })}
          aria-label={tr('diagram.stepForward')}
          title={tr('diagram.stepForward')}
          disabled={step >= total}
          data-action="forward"
        >
          <Icon d="M7 5v14l11-7zM17 5h2v14h-2z" />
        </button>
        <button
          type="button"
          className="hop-btn"
          onClick={() =>
            actor.send({ type: 'SEEK', step: total, ...(timeMode ? { time: duration } : {}) })
          }
          aria-label={tr('diagram.toEnd')}
          title={tr('diagram.toEnd')}
          data-action="end"
        >
          <Icon d="M4 5v14l11-7zM16 5h2v14h-2z" />
        </button>
      </div>
      <label className="hop-field hop-speed" htmlFor={`${uid}-speed`}>
        <span>{tr('diagram.speed')}</span>
        <select
          id={`${uid}-speed`}
          value={s.speed}
          onChange={(e) => actor.send({ type: 'SPEED', speed: Number(e.currentTarget.value) })}
        >
          {speeds.map((v) => (
            <option key={v} value={v}>
              {v}×
            </option>
          ))}
        </select>
      </label>
      <label className="hop-field hop-seek" htmlFor={`${uid}-seek`}>
        <span className="hop-seek__label">
          {timeMode
            ? tr('diagram.timeAt', { t: fixed(lang, s.time, 1) })
            : tr('diagram.stepOf', { n: step, total })}
        </span>
        <input
          id={`${uid}-seek`}
          type="range"
          min={0}
          max={timeMode ? duration : total}
          step={timeMode ? 0.1 : 1}
          value={timeMode ? s.time : step}
          aria-valuetext={
            timeMode
              ? tr('diagram.timeAt', { t: fixed(lang, s.time, 1) })
              : tr('diagram.stepOf', { n: step, total })
          }
          onChange={(e) => {
            const v = Number(e.currentTarget.value);
            actor.send({ type: 'SEEK', ...(timeMode ? { time: v } : { step: v }) });
          }}
        />
      </label>
      <p className="hop-keys">{tr('diagram.keys')}</p>
    </div>
  );
}
