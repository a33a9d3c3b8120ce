// The contact-merge module's one door (issue 28 §5, issue 29 §5): one contact per person — two contacts merged (every owner moves its rows), and the numbers stored before the one phone form rewritten to it.
export { createContactMerge, mergeIn, oneForm, type BackfillResult, type ContactMerge, type MergeActor, type MergeResult } from './contact-merge.service';
