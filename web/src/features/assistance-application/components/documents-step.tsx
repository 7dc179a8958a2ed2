import { useId, useState, type ChangeEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { FileText, X } from 'lucide-react';
import { LOCALES } from '@webpay/contracts/language';
import { Button } from '@/components/ui/button.tsx';
import { CheckboxField } from '@/components/ui/checkbox-field.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { FileChoice } from './file-choice.tsx';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { applyMessages } from '../assistance-application.messages.ts';
import { useFileProblemText } from '../hooks/use-file-problem-text.ts';
import { DOCUMENT_ACCEPT, formatFileSize } from '../utils/document-file.ts';
import { ErrorText, Hint } from './form-parts.tsx';
import { useApplicationFormContext, useFieldError } from '../hooks/use-application-field.ts';
import { FIELDSET, LEGEND, describedBy } from '../utils/form-styles.ts';

/** Proof of income for each member who has income: files chosen now, or sent later. */
export function DocumentsStep() {
  const t = useMessages(applyMessages);
  const { control } = useApplicationFormContext();
  const members = useWatch({ control, name: 'members' });
  return (
    <div className="flex flex-col gap-4">
      {members.map((member, index) =>
        member.noIncome ? (
          <p key={index} className="rounded-lg border border-border p-4 text-sm">
            {t.documents.noIncome(member.name)}
          </p>
        ) : (
          <MemberDocuments key={index} index={index} name={member.name} />
        ),
      )}
    </div>
  );
}

function MemberDocuments({ index, name }: { index: number; name: string }) {
  const t = useMessages(applyMessages);
  const id = useId();
  const { control, register, setValue } = useApplicationFormContext();
  const files = useWatch({ control, name: `members.${index}.files` });
  const sendLater = useWatch({ control, name: `members.${index}.sendLater` });
  const error = useFieldError(`members.${index}.files`);
  const problemText = useFileProblemText();
  const [refused, setRefused] = useState<string[]>([]);

  const setFiles = (next: File[]) =>
    setValue(`members.${index}.files`, next, { shouldValidate: error !== undefined });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    const problems = chosen.map(problemText);
    setRefused(problems.filter((text): text is string => text !== null));
    setFiles([...files, ...chosen.filter((_, at) => problems[at] === null)]);
    // The same file may be chosen again after it is removed.
    event.target.value = '';
  };

  return (
    <fieldset className={FIELDSET}>
      <legend className={LEGEND}>{t.documents.legend(name)}</legend>
      <Hint id={id}>{t.documents.hint}</Hint>
      {!sendLater && (
        <div className="flex flex-col gap-2">
          <FileChoice
            id={`${id}-file`}
            label={t.documents.choose}
            accept={DOCUMENT_ACCEPT}
            multiple
            onChange={choose}
            {...describedBy(`${id}-file`, false, error)}
          />
          {refused.length > 0 && (
            <div role="alert" className="flex flex-col gap-1">
              {refused.map((text) => (
                <FieldError key={text}>{text}</FieldError>
              ))}
            </div>
          )}
          <ChosenFiles
            files={files}
            onRemove={(file) => setFiles(files.filter((f) => f !== file))}
          />
          <ErrorText id={`${id}-file`} error={error} />
        </div>
      )}
      <div className="flex flex-col gap-1">
        <CheckboxField
          id={`${id}-later`}
          label={t.documents.sendLater}
          aria-describedby={`${id}-later-hint`}
          {...register(`members.${index}.sendLater`, {
            onChange: () => setRefused([]),
          })}
        />
        <Hint id={`${id}-later`}>{t.documents.sendLaterHint}</Hint>
      </div>
    </fieldset>
  );
}

function ChosenFiles({ files, onRemove }: { files: File[]; onRemove: (file: File) => void }) {
  const t = useMessages(applyMessages);
  const language = useLanguage();
  if (files.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1">
      {files.map((file, at) => (
        <li key={`${file.name}-${at}`} className="flex items-center justify-between gap-2 text-sm">
          <span className="flex min-w-0 items-center gap-2">
            <FileText aria-hidden="true" className="size-4 shrink-0" />
            <span className="break-all">
              {t.documents.fileSize(file.name, formatFileSize(file.size, LOCALES[language]))}
            </span>
          </span>
          <Button type="button" variant="ghost" size="icon" onClick={() => onRemove(file)}>
            <X aria-hidden="true" />
            <span className="sr-only">{t.documents.remove(file.name)}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
