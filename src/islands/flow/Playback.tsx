/**
 * The playback bar: reset, back, play/pause, forward, end, speed and the seek slider (steps or
 * simulated seconds). It re-renders on the machine's position; the diagram around it does not.
 */
import { speeds } from '../../view/playback/playbackMachine';
import type { Tr } from '../../view/flow/trClient';
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

/** One icon button of the bar; `data-action` is what keyboard tests and decks look for. */
function Ctl(props: {
  action: string;
  label: string;
  icon: string;
  onClick: () => void;
  disabled?: boolean;
  main?: boolean;
}) {
  return (
    <button
      type="button"
      className={props.main ? 'hop-btn hop-btn--main' : 'hop-btn'}
      onClick={props.onClick}
      aria-label={props.label}
      title={props.label}
      disabled={props.disabled ?? false}
      data-action={props.action}
    >
      <Icon d={props.icon} />
    </button>
  );
}

/** The playback controls of one diagram. */
export function Playback({
  actor,
  tr,
  timeMode,
  duration,
  total,
  uid,
}: {
  actor: PlaybackActor;
  tr: Tr;
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
        <Ctl
          action="reset"
          label={tr('diagram.reset')}
          icon="M6 5h2v14H6zM20 5v14L9 12z"
          onClick={() => actor.send({ type: 'RESET' })}
        />
        <Ctl
          action="back"
          label={tr('diagram.stepBack')}
          icon="M17 5v14L6 12z"
          disabled={step === 0}
          onClick={() => actor.send({ type: 'STEP', delta: -1 })}
        />
        <Ctl
          action="play"
          main
          label={tr(s.playing ? 'diagram.pause' : 'diagram.play')}
          icon={s.playing ? 'M6 5h4v14H6zM14 5h4v14h-4z' : 'M7 5v14l12-7z'}
          onClick={() => actor.send({ type: 'TOGGLE' })}
        />
        <Ctl
          action="forward"
          label={tr('diagram.stepForward')}
          icon="M7 5v14l11-7zM17 5h2v14h-2z"
          disabled={step >= total}
          onClick={() => actor.send({ type: 'STEP', delta: 1 })}
        />
        <Ctl
          action="end"
          label={tr('diagram.toEnd')}
          icon="M4 5v14l11-7zM16 5h2v14h-2z"
          onClick={() =>
            actor.send({ type: 'SEEK', step: total, ...(timeMode ? { time: duration } : {}) })
          }
        />
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
            ? tr('diagram.timeAt', { t: s.time })
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
              ? tr('diagram.timeAt', { t: s.time })
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
