import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import type { CampaignLabDeps } from './deps';
import { YamlProblems, yamlToDraft } from './draft-file';
import { record } from './lab-steps';
import type { Acting } from './ports';

/** A campaign file's one campaign as a draft (new, or saved into `id`); problems name their lines. */
export async function importYaml(
  deps: CampaignLabDeps,
  acting: Acting,
  corp: Corp,
  body: { yaml: string; id?: string },
) {
  let parsed: ReturnType<typeof yamlToDraft>;
  try {
    parsed = yamlToDraft(body.yaml, corp.id, deps.clock());
  } catch (err) {
    if (!(err instanceof YamlProblems)) throw err;
    const fields = Object.fromEntries(
      err.lines.slice(0, 50).map((l) => {
        const [line, field, ...msg] = l.split(': ');
        return [`${line}:${field}`, msg.join(': ')];
      }),
    );
    throw new AppError('YAML_INVALID', err.lines.slice(0, 5).join('；'), { fields });
  }
  const id = body.id ?? parsed.id;
  // The campaigns module audits the draft's creation or save itself (before → after); this records the file.
  const saved = await deps.drafts.importDraft(acting, corp.id, {
    ...(id ? { id } : {}),
    kind: parsed.draft.kind,
    title: parsed.title,
    draft: parsed.draft,
  });
  await record(deps, acting, corp.id, 'campaign.yaml-import', saved.id, { rev: saved.rev, chars: body.yaml.length });
  return saved;
}
