/** Why the app must not restart while an outbox is sending, as the update banner says it (both outboxes). */
export const UPLOAD_UNDER_WAY = 'An upload is under way.';
