import { useId, useRef } from 'react';
import { useSearchParams } from 'wouter';
import { useAuth } from '../../lib/auth';
import { useCurrentPath } from '../../lib/navigation';
import { useDarkMode } from '../../lib/settings';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { VocabularyDrawer } from '../../ui/VocabularyDrawer';
import { DoodleCanvas, type DoodleCanvasHandle } from './DoodleCanvas';
import { DoodleGallery } from './DoodleGallery';
import { DoodleToolbar } from './DoodleToolbar';
import { DoodleWord } from './DoodleWord';
import { DescribeInstead, SaveDoodle } from './SaveDoodle';
import { useDoodleSave } from './use-doodle-save';
import { useDoodleSheet } from './use-doodle-sheet';
import { useDoodleWords } from './use-doodle-words';
import { useKeptDoodles } from '../../data/doodles';

export default function DoodlesPage() {
  const [params, setParams] = useSearchParams();
  const currentPath = useCurrentPath();
  const { user } = useAuth();
  const [dark] = useDarkMode();
  const pickId = useId();
  const canvas = useRef<DoodleCanvasHandle>(null);

  const { sets, planned, current, wordId, entry, wordOf } = useDoodleWords(params.get('word'));
  const { kept, drawn } = useKeptDoodles();
  const latest = kept.find((d) => d.wordId === wordId);
  const sheet = useDoodleSheet(wordId);
  const saving = useDoodleSave({ wordId, strokes: sheet.strokes, canvas, wordOf });
  const { strokes } = sheet;

  return (
    <Page route="doodles">
      {!sets && <Skeleton lines={4} />}
      {sets && current && (
        // Phones: the word, then the sheet, then the gallery. Desktop: the sheet on the left
        // from the top; the word and the gallery beside it.
        <div className="grid gap-6 lg:grid-cols-[1fr_20rem] lg:grid-rows-[auto_1fr] lg:gap-x-8">
          <DoodleWord
            current={current}
            entry={entry}
            planned={planned}
            sets={sets.sets}
            drawn={drawn}
            latest={latest}
            onPick={(id) => setParams({ word: id }, { replace: true })}
          />

          <div className="grid content-start gap-4 lg:col-start-1 lg:row-span-2 lg:row-start-1">
            <DoodleToolbar sheet={sheet} dark={dark} />
            <DoodleCanvas
              ref={canvas}
              strokes={strokes}
              pen={sheet.pen}
              size={sheet.size}
              eraser={sheet.eraser}
              dark={dark}
              label={`Drawing of “${current.word}”, ${strokes.length} ${strokes.length === 1 ? 'stroke' : 'strokes'}`}
              onStroke={sheet.addStroke}
            />
            <SaveDoodle
              saving={saving}
              signedIn={!!user}
              nothingDrawn={strokes.length === 0}
              currentPath={currentPath}
            />
            <DescribeInstead id={pickId} word={current.word} saving={saving} signedIn={!!user} />
          </div>

          <DoodleGallery kept={kept} signedIn={!!user} wordOf={wordOf} onRemove={saving.remove} />
        </div>
      )}
      <VocabularyDrawer />
    </Page>
  );
}
