// The partial indexes the ticket timers' scans read (decision 0173); migration 0014 creates
// them, and the bench re-states them (if not exists) so an older dataset gets them too.
/** Each timer's scan per connection, in due order (EXPLAIN: Index Cond on whatsapp_id and the time column). */
export const TIMER_INDEXES = [
  `create index if not exists tickets_timer_close on tickets (whatsapp_id, last_from_me_at) where status = 'open'`,
  `create index if not exists tickets_timer_transfer on tickets (whatsapp_id, (coalesce(queued_at, created_at))) where status = 'pending' and queue_id is null and user_id is null`,
  `create index if not exists tickets_timer_bot on tickets (whatsapp_id, (coalesce(bot_at, created_at))) where user_id is null and (status = 'attending' or (chatbot and status = 'pending'))`,
];
