import type { RiskImportPreview } from '@campaign/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type ApiError, upload } from '../../api/request';

/**
 * 批量导入's states: a file chosen is checked by the server (nothing stored) and previewed; a file without a bad
 * line is submitted again as an approvals request. `refused`: the whole file was (too large, no header, over
 * 5,000 rows) or the server could not be reached; a submission's refusal keeps the preview beside it.
 */
export type ImportState =
  | { phase: 'idle' }
  | { phase: 'checking'; file: File }
  | { phase: 'refused'; file: File; error: ApiError }
  | { phase: 'checked'; file: File; preview: RiskImportPreview };

const csvOf = (f: File) => new Blob([f], { type: 'text/csv' });

export function useListImport(onSubmitted: (rows: number) => void) {
  const client = useQueryClient();
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<ApiError | null>(null);
  const check = async (file: File) => {
    setSubmitError(null);
    setState({ phase: 'checking', file });
    try {
      setState({ phase: 'checked', file, preview: await upload('riskListImportPreview', csvOf(file)) });
    } catch (e) {
      setState({ phase: 'refused', file, error: e as ApiError });
    }
  };
  const submit = async () => {
    if (state.phase !== 'checked') return;
    setSubmitting(true);
    setSubmitError(null);
    try {
      const r = await upload('riskListImport', csvOf(state.file));
      await client.invalidateQueries({ queryKey: ['consoleRequests'] });
      setState({ phase: 'idle' });
      onSubmitted(r.rows);
    } catch (e) {
      setSubmitError(e as ApiError);
    } finally {
      setSubmitting(false);
    }
  };
  const reset = () => {
    setSubmitError(null);
    setState({ phase: 'idle' });
  };
  const canSubmit = state.phase === 'checked' && state.preview.errorCount === 0 && state.preview.rows.length > 0;
  return { state, check, submit, reset, submitting, submitError, canSubmit };
}
