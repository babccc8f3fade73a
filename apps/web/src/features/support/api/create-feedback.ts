/**
 * POST /feedback/create (002 §7): multipart with feedback_name, feedback_email, feedback_summary,
 * feedback_notes and one feedback_file[] part per attachment. Sent through lib/upload for its
 * upload progress; the caller shows the server's message (quiet).
 */
import { FEEDBACK_FILE_FIELD, type FeedbackForm, type FeedbackResponse } from '@wayguard/contracts';
import type { ActionDef } from '../../../lib/use-action';
import { upload } from '../../../lib/upload';

export type FeedbackRequest = {
  fields: FeedbackForm;
  files: readonly File[];
  onProgress?: (fraction: number) => void;
};

export function feedbackFormData({ fields, files }: FeedbackRequest): FormData {
  const body = new FormData();
  // Fields first: the server reads the parts in order.
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files) body.append(FEEDBACK_FILE_FIELD, file, file.name);
  return body;
}

export function postFeedback(request: FeedbackRequest) {
  return upload<FeedbackResponse>('/feedback/create', feedbackFormData(request), {
    quiet: true,
    onProgress: request.onProgress,
  });
}

export const createFeedbackAction: ActionDef<FeedbackRequest, FeedbackResponse> = { send: postFeedback };
