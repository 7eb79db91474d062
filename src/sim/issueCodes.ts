/**
 * The codes of input issues (a field's type, range, reference, …). Their own module, free of
 * imports, because types.ts (InputIssue) and codes.ts (every code the engine emits) both need
 * them; codes.ts re-exports them.
 */
/** Codes of InputIssue (validation, overrides and CLI flags). */
export const ISSUE_CODES = [
  'expectedObject',
  'expectedArray',
  'expectedString',
  'expectedNumber',
  'expectedInteger',
  'expectedBoolean',
  'expectedIp',
  'expectedCidr',
  'expectedId',
  'expectedOneOf',
  'outOfRange',
  'tooMany',
  'tooFew',
  'tooLong',
  'unknownKey',
  'required',
  'duplicateId',
  'unknownReference',
  'ipNotInPodCidr',
  'onlyForLocal',
  'requiresLocal',
  'notWithPreset',
  'requiresEbpf',
  'exceedsField',
  'tooManyConnections',
  'unknownScenario',
  'invalidJson',
  'fileTooLarge',
  'unreadableFile',
  'unknownFlag',
  'missingValue',
  'expectedKeyValue',
  'unknownConnection',
  'engineError',
  'conflictsWith',
] as const;

export type IssueCode = (typeof ISSUE_CODES)[number];
