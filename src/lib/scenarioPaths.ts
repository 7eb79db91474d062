import { languages } from '../i18n';
import { scenarioIds } from '../sim/index';

/** Static paths of the per-scenario pages (playground, embed): every language × every scenario. */
export function scenarioPaths(): Array<{ params: { lang: string; scenario: string } }> {
  return languages.flatMap((lang) =>
    scenarioIds.map((scenario) => ({ params: { lang, scenario } })),
  );
}
