// The contact-merge module's one door (issue 28 §5, issue 29 §5): one contact per person — two contacts merged, every owner moving its rows.
export { createContactMerge, mergeIn, type ContactMerge, type MergeActor, type MergeResult } from './contact-merge.service';
