/**
 * Above the round: the topic (a family, each named with its lesson, or mixed), the families due
 * for review today (a miss brings its family back; src/lib/practiceDue.ts), and the progress.
 */
import { FAMILY_IDS, FAMILY_LESSONS, type FamilyId } from '../../sim/practiceFamilies';
import type { Tr } from '../../view/flow/trClient';
import type { PracticeProgress } from '../../view/practice/progress';

/** The topic picker, the due list and the progress line. */
export function Picker({
  tr,
  family,
  due,
  onPick,
  progress,
  canStore,
}: {
  tr: Tr;
  family: FamilyId | null;
  due: FamilyId[];
  onPick: (family: FamilyId | null) => void;
  progress: PracticeProgress;
  canStore: boolean;
}) {
  const name = (f: FamilyId): string =>
    tr('practice.familyOption', { lesson: FAMILY_LESSONS[f], name: tr(`practice.family.${f}`) });
  return (
    <div className="hop-practice__bar">
      <label className="hop-practice__topic">
        <span>{tr('practice.topic')}</span>{' '}
        <select
          value={family ?? 'mixed'}
          data-practice-family
          onChange={(e) => {
            const v = e.currentTarget.value;
            onPick(v === 'mixed' ? null : (FAMILY_IDS.find((f) => f === v) ?? null));
          }}
        >
          <option value="mixed">{tr('practice.mixed')}</option>
          {FAMILY_IDS.map((f) => (
            <option key={f} value={f}>
              {name(f)}
            </option>
          ))}
        </select>
      </label>
      {due.length > 0 && (
        <p className="hop-practice__due" data-practice-due>
          {tr('practice.dueToday')}{' '}
          {due.map((f, i) => (
            <span key={f}>
              {i > 0 && ' · '}
              <button type="button" className="hop-practice__link-btn" onClick={() => onPick(f)}>
                {name(f)}
              </button>
            </span>
          ))}
        </p>
      )}
      <p className="hop-practice__progress" data-practice-progress>
        {tr('practice.progress', {
          rounds: progress.rounds,
          streak: progress.streak,
          best: progress.best,
        })}
        {!canStore && <> {tr('practice.noStorage')}</>}
      </p>
    </div>
  );
}
