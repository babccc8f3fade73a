-- Hand-written (issue 26, RL-31): the review team's denial notes are the thread's denied reason, and
-- review_notes keeps the administrator's review reason (as app threads). Threads the team denied before
-- had the notes written over review_notes: move them to reason, and take the administrator's review
-- reason back from the denial's audit entry (details.review_reason).
UPDATE access_requests r SET reason = r.review_notes, review_notes = a.details ->> 'review_reason'
FROM audit_events a
WHERE a.action = 'request.team_denied' AND a.account_id = r.account_id AND a.target_id = r.id::text
  AND r.state = 'denied' AND r.status = 'tech' AND r.reviewed AND a.details ? 'review_reason';
