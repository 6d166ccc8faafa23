import { paths } from '../../../core/paths';
import { usePrompts } from '../../data/prompts';
import { PlannedDrawer } from '../../ui/PlannedDrawer';

/** The spec's bottom-right drawer of planned prompts. */
export function PromptsDrawer() {
  const { data } = usePrompts();
  const byId = new Map((data?.prompts ?? []).map((p) => [p.id, p]));
  return (
    <PlannedDrawer
      kind="prompt"
      label="Planned prompts"
      describe={(id) => {
        const p = byId.get(id);
        return p ? { title: p.title, to: paths.prompt(p.id) } : null;
      }}
      empty={{ text: 'Plan your prompts', to: paths.prompts() }}
    />
  );
}
