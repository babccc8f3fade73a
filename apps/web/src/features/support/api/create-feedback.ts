/**
 * POST /feedback/create (002 §7): multipart with feedback_name, feedback_email, feedback_summary,
 * feedback_notes and one feedback_file[] part per attachment. Sent through lib/upload for its
 * upload progress; the caller shows the server's message (quiet).
 */
import { useMutation } from '@tanstack/react-query';
import { FEEDBACK_FILE_FIELD, type FeedbackForm, type FeedbackResponse } from '@wayguard/contracts';
import { upload } from '../../../lib/upload';

export type FeedbackRequest = { fields: FeedbackForm; files: readonly File[] };

export function feedbackFormData({ fields, files }: FeedbackRequest): FormData {
  const body = new FormData();
  // Fields first: the server reads the parts in order.
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files) body.append(FEEDBACK_FILE_FIELD, file, file.name);
  return body;
}

export function postFeedback(request: FeedbackRequest, onProgress?: (fraction: number) => void) {
  return upload<FeedbackResponse>('/feedback/create', feedbackFormData(request), { quiet: true, onProgress });
}

export function useCreateFeedback(onProgress: (fraction: number) => void) {
  return useMutation({ mutationFn: (request: FeedbackRequest) => postFeedback(request, onProgress) });
}
