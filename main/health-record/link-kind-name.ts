/** The name the outbox knows the health record's links by: the root tells their sending apart by it before the links' code is loaded. */
export const LINK_KIND = 'health record links';
