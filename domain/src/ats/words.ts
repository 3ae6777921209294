// Words that tell a job title, a company, a degree and a school apart. Each pattern is a list of
// whole words: matching is linear in the text.

export const JOB_TITLE_WORDS =
  /\b(?:engineer|developer|manager|analyst|intern|designer|consultant|lead|director|specialist|scientist|officer|associate|coordinator|administrator|architect|assistant|executive|head|president|accountant|teacher|lecturer|professor|researcher|technician|programmer|writer|editor|nurse|supervisor|representative|advisor|adviser|strategist|recruiter|founder|co-founder|cofounder|owner|trainee|fellow|chef|clerk|agent|operator|planner|producer|marketer|tester|auditor|member|volunteer|coach|ceo|cto|cfo|coo|vp|sde|sre|tutor|instructor|mentor|ambassador|apprentice|partner|principal|staff)s?\b/iu;
export const COMPANY_WORDS =
  /\b(?:inc|ltd|llc|llp|plc|pvt|corp|corporation|company|co|limited|technologies|technology|solutions|systems|labs?|bank|group|services|consulting|software|studio|agency|hospital|university|foundation|partners|ventures|industries|enterprises|global|digital|gmbh|ag|sa|bv|research|institute|college|school)\b\.?/iu;
export const DEGREE_WORDS =
  /\b(?:bachelor|master|doctor|ph\.?\s?d|mba|m\.?eng|b\.?\s?tech|m\.?\s?tech|b\.?\s?e|m\.?\s?e|b\.?\s?sc|m\.?\s?sc|b\.?\s?com|m\.?\s?com|b\.?\s?a|m\.?\s?a|bca|mca|bba|b\.?s|m\.?s|diploma|associate'?s?|high school|secondary|hsc|ssc|certificate|degree)\b/iu;
export const SCHOOL_WORDS =
  /\b(?:university|college|institute|school|academy|iit|iim|nit|polytechnic|universidad|université|universität)\b/iu;
