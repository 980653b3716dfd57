/** The page's operations on the patient's health record: the questions, the answer, asking again, and "Link again". */
import type { OperationHandlers } from '../../contract/operation-handlers';
import type { HEALTH_RECORD_OPERATIONS } from '../../contract/ipc-names';
import type { VisitLinks } from './visit-links';

type HealthRecordOperations = (typeof HEALTH_RECORD_OPERATIONS)[number];

export function healthRecordHandlers(links: VisitLinks, log: { info(message: string): void }): Pick<OperationHandlers, HealthRecordOperations> {
  return {
    getHealthRecordQuestions: () => links.questionsNow(),
    answerHealthRecordQuestion: (input) => {
      links.answer(input);
      log.info(`health record: the patient ${input.agreed ? 'agreed' : 'declined'}`);
    },
    askHealthRecordAgain: ({ patientId }) => links.askAgain(patientId),
    linkAgain: ({ id }) => links.linkAgain(id),
  };
}
