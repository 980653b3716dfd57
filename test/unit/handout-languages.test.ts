/**
 * The handout's languages: every one the service publishes, the script each is written in, the
 * digits of every Indic script read as numbers, and a text told apart by its script (Hindi asked
 * and Bengali come back; Hindi asked and English come back; medicine names in Latin beside Hindi).
 */
import { describe, expect, it } from 'vitest';
import { HANDOUT_LANGUAGES, SERVICE_LANGUAGES, asciiDigits, handoutLanguage, languageLine, mainScript, scriptProblem } from '../../contract/handout-languages';

const HINDI = handoutLanguage('hi')!;

describe('the languages a handout is made in', () => {
  it('are the eleven the service publishes as target_language, English as eng', () => {
    expect([...SERVICE_LANGUAGES].sort()).toEqual(['as', 'bn', 'eng', 'gu', 'hi', 'kn', 'ml', 'mr', 'pa', 'ta', 'te']);
    expect(handoutLanguage('en')?.service).toBe('eng');
    expect(handoutLanguage('or')).toBeNull();
    expect(languageLine('hi')).toBe('Hindi (हिन्दी)');
    expect(languageLine('en')).toBe('English');
  });

  it('each names itself in its own script', () => {
    for (const language of HANDOUT_LANGUAGES) expect(mainScript(language.own), language.name).toBe(language.script);
  });
});

describe('digits in every script', () => {
  it('read as the same numbers', () => {
    expect(asciiDigits('१-०-१ ५ दिन')).toBe('1-0-1 5 दिन');
    expect(asciiDigits('৫০০ ৭')).toBe('500 7');
    expect(asciiDigits('੧੨ ૩૪ ௫௬ ౭౮ ೯೦ ൧൨ ୩')).toBe('12 34 56 78 90 12 3');
    expect(asciiDigits('500 mg')).toBe('500 mg');
  });
});

describe('a text in the script asked for', () => {
  it('Hindi with medicine names in Latin letters is Hindi', () => {
    expect(scriptProblem('# मरीज़ के लिए निर्देश\n- Paracetamol 500 mg tablet: सुबह और रात १-०-१, ५ दिन तक।', HINDI)).toBeNull();
  });

  it('Marathi is Devanagari too', () => {
    expect(scriptProblem('रुग्णासाठी सूचना: Paracetamol १-०-१, ५ दिवस', handoutLanguage('mr')!)).toBeNull();
  });

  it('Bengali when Hindi was asked is said', () => {
    expect(scriptProblem('রোগীর জন্য নির্দেশনা: Paracetamol ১-০-১, ৫ দিন', HINDI)).toBe('It came back mostly in Bengali script, not in Hindi (Devanagari script).');
  });

  it('English when Hindi was asked is said', () => {
    expect(scriptProblem('Instructions for the patient: Paracetamol 1-0-1 for 5 days after food.', HINDI)).toBe('It came back mostly in Latin letters, not in Hindi (Devanagari script).');
  });

  it('Hindi when English was asked is said', () => {
    expect(scriptProblem('मरीज़ के लिए निर्देश: सुबह और रात', handoutLanguage('en')!)).toBe('It came back mostly in Devanagari script, not in English (Latin letters).');
  });

  it('a few words of another script inside the asked one are allowed; a mix is not', () => {
    expect(scriptProblem(`${'मरीज़ के लिए निर्देश '.repeat(20)} বাংলা`, HINDI)).toBeNull();
    expect(scriptProblem(`${'मरीज़ के लिए '.repeat(5)} ${'রোগীর জন্য '.repeat(5)}`, HINDI)).not.toBeNull();
  });
});
