/**
 * What the sandbox writes when asked for another document from a session: a referral letter, a
 * handout for the patient in any of the service's languages (in its own script and digits, the
 * medicine names kept in Latin letters), or any other template as Markdown; every one built
 * from the session's test prescription and labelled as test data. Pure.
 */
import { sandboxPrescription } from './sandbox-results';

/** What a handout says around the medicines, in each of the service's languages; the zero of its digits. */
const HANDOUT_WORDS: Record<string, { title: string; testData: string; intro: string; days: string; weeks: string; zero: number }> = {
  eng: { title: 'Instructions for the patient', testData: 'Sandbox test data: not a real patient, not a real prescription.', intro: 'Take your medicines like this:', days: 'days', weeks: 'weeks', zero: 0x30 },
  hi: { title: 'मरीज़ के लिए निर्देश', testData: 'सैंडबॉक्स का परीक्षण डेटा: यह असली मरीज़ या असली पर्चा नहीं है।', intro: 'अपनी दवाएँ इस तरह लें:', days: 'दिन', weeks: 'सप्ताह', zero: 0x0966 },
  mr: { title: 'रुग्णासाठी सूचना', testData: 'सँडबॉक्सचा चाचणी डेटा: हा खरा रुग्ण किंवा खरी चिठ्ठी नाही.', intro: 'तुमची औषधे अशी घ्या:', days: 'दिवस', weeks: 'आठवडे', zero: 0x0966 },
  bn: { title: 'রোগীর জন্য নির্দেশনা', testData: 'স্যান্ডবক্সের পরীক্ষার তথ্য: এটি আসল রোগী বা আসল প্রেসক্রিপশন নয়।', intro: 'আপনার ওষুধ এভাবে খান:', days: 'দিন', weeks: 'সপ্তাহ', zero: 0x09e6 },
  as: { title: 'ৰোগীৰ বাবে নিৰ্দেশনা', testData: 'চেণ্ডবক্সৰ পৰীক্ষাৰ তথ্য: এয়া প্ৰকৃত ৰোগী বা প্ৰকৃত ব্যৱস্থাপত্ৰ নহয়।', intro: 'আপোনাৰ ঔষধ এনেদৰে খাওক:', days: 'দিন', weeks: 'সপ্তাহ', zero: 0x09e6 },
  pa: { title: 'ਮਰੀਜ਼ ਲਈ ਹਦਾਇਤਾਂ', testData: 'ਸੈਂਡਬਾਕਸ ਦਾ ਟੈਸਟ ਡਾਟਾ: ਇਹ ਅਸਲ ਮਰੀਜ਼ ਜਾਂ ਅਸਲ ਪਰਚੀ ਨਹੀਂ ਹੈ।', intro: 'ਆਪਣੀਆਂ ਦਵਾਈਆਂ ਇਸ ਤਰ੍ਹਾਂ ਲਓ:', days: 'ਦਿਨ', weeks: 'ਹਫ਼ਤੇ', zero: 0x0a66 },
  gu: { title: 'દર્દી માટે સૂચનાઓ', testData: 'સેન્ડબોક્સનો પરીક્ષણ ડેટા: આ સાચો દર્દી કે સાચી દવાની ચિઠ્ઠી નથી.', intro: 'તમારી દવાઓ આ રીતે લો:', days: 'દિવસ', weeks: 'અઠવાડિયા', zero: 0x0ae6 },
  ta: { title: 'நோயாளிக்கான அறிவுரைகள்', testData: 'சாண்ட்பாக்ஸ் சோதனைத் தரவு: இது உண்மையான நோயாளியோ உண்மையான மருந்துச்சீட்டோ அல்ல.', intro: 'உங்கள் மருந்துகளை இப்படி எடுத்துக்கொள்ளுங்கள்:', days: 'நாட்கள்', weeks: 'வாரங்கள்', zero: 0x0be6 },
  te: { title: 'రోగికి సూచనలు', testData: 'శాండ్‌బాక్స్ పరీక్ష డేటా: ఇది నిజమైన రోగి లేదా నిజమైన ప్రిస్క్రిప్షన్ కాదు.', intro: 'మీ మందులను ఇలా వేసుకోండి:', days: 'రోజులు', weeks: 'వారాలు', zero: 0x0c66 },
  kn: { title: 'ರೋಗಿಗೆ ಸೂಚನೆಗಳು', testData: 'ಸ್ಯಾಂಡ್‌ಬಾಕ್ಸ್ ಪರೀಕ್ಷಾ ಡೇಟಾ: ಇದು ನಿಜವಾದ ರೋಗಿ ಅಥವಾ ನಿಜವಾದ ಚೀಟಿ ಅಲ್ಲ.', intro: 'ನಿಮ್ಮ ಔಷಧಿಗಳನ್ನು ಹೀಗೆ ತೆಗೆದುಕೊಳ್ಳಿ:', days: 'ದಿನಗಳು', weeks: 'ವಾರಗಳು', zero: 0x0ce6 },
  ml: { title: 'രോഗിക്കുള്ള നിർദ്ദേശങ്ങൾ', testData: 'സാൻഡ്ബോക്സ് പരീക്ഷണ ഡാറ്റ: ഇത് യഥാർത്ഥ രോഗിയോ യഥാർത്ഥ കുറിപ്പടിയോ അല്ല.', intro: 'നിങ്ങളുടെ മരുന്നുകൾ ഇങ്ങനെ കഴിക്കുക:', days: 'ദിവസം', weeks: 'ആഴ്ച', zero: 0x0d66 },
};

/** The languages the sandbox writes handouts in: the service's published list. */
export const SANDBOX_DOCUMENT_LANGUAGES = Object.keys(HANDOUT_WORDS);

/** What the next documents are made into, to test a client (the `documentTextNext` fault). */
export type DocumentFault = 'empty' | 'other-script' | 'changed-number' | 'failed';

const TEST_DATA = 'Sandbox test data: not a real patient, not a real prescription.';

function digitsIn(text: string, zero: number): string {
  return zero === 0x30 ? text : text.replace(/\d/g, (digit) => String.fromCodePoint(zero + Number(digit)));
}

function medicinesOf(fingerprint: string) {
  return sandboxPrescription({ audioSha256: fingerprint }).prescription.medications.map((medicine) => ({
    name: medicine.name,
    pattern: medicine.frequency.dose.join('-'),
    period: medicine.frequency.period,
    unit: medicine.frequency.period_unit,
  }));
}

/** A handout in `language` (the service's code): its words, its digits, the medicine names as the note writes them. */
function handout(fingerprint: string, language: string, changed: boolean): string {
  const words = HANDOUT_WORDS[language] ?? HANDOUT_WORDS.eng!;
  const lines = medicinesOf(fingerprint).map((medicine, index) => {
    const period = medicine.period + (changed && index === 0 ? 1 : 0);
    return `- ${medicine.name}: ${digitsIn(`${medicine.pattern}, ${period}`, words.zero)} ${medicine.unit === 'week' ? words.weeks : words.days}`;
  });
  return `# ${words.title}\n\n${words.testData}\n\n${words.intro}\n\n${lines.join('\n')}\n`;
}

function referralLetter(fingerprint: string): string {
  const medicines = medicinesOf(fingerprint).map((medicine) => `- ${medicine.name}: ${medicine.pattern} for ${medicine.period} ${medicine.unit}${medicine.period === 1 ? '' : 's'}`);
  return [
    '# Referral letter (sandbox test data)',
    '',
    'To: Sandbox referral desk, Sandbox District Hospital (not a real hospital)',
    '',
    TEST_DATA,
    '',
    '## Reason for referral',
    `Sandbox reason ${fingerprint.slice(0, 6)}: further evaluation (test output).`,
    '',
    '## Current medicines',
    ...medicines,
    '',
    'Dr. Anil Rao (sandbox)',
    '',
  ].join('\n');
}

/**
 * The Markdown of a document made from a session: `templateId` as asked, in `language` (the
 * service's code) when one was asked; `fault` makes it empty, in another script, or with a number changed.
 */
export function sandboxDocumentText(templateId: string, fingerprint: string, language: string | null, fault: DocumentFault | null = null): string {
  if (fault === 'empty') return '';
  if (fault === 'other-script') return handout(fingerprint, language === 'bn' || language === 'as' ? 'hi' : 'bn', false);
  if (language !== null) return handout(fingerprint, language, fault === 'changed-number');
  if (templateId === 'sandbox_clinic_referral') return referralLetter(fingerprint);
  if (templateId === 'sandbox_patient_handout') return handout(fingerprint, 'eng', fault === 'changed-number');
  const medicines = medicinesOf(fingerprint).map((medicine) => `- ${medicine.name}: ${medicine.pattern} for ${medicine.period} ${medicine.unit}(s)`);
  return `# ${templateId} (sandbox test data)\n\n${TEST_DATA}\n\n${medicines.join('\n')}\n`;
}
