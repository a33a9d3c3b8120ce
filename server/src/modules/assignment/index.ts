// The assignment module's one door (issue 30 §2): waiting tickets given to the online agents of their queue, by round robin or balance, within capacity.
export {};
