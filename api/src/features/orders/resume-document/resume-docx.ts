import type { ResumePayload } from '@shortlist/domain';
import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  Tab,
  TabStopType,
  TextRun,
} from 'docx';
import { type ResumeBlock, resumeBlocks } from './resume-blocks';

// The PDF's page in twentieths of a point: US Letter, ¾-inch margins, one column.
const PAGE = { width: 12_240, height: 15_840 } as const;
const MARGIN = 1_080;
const RIGHT_EDGE = PAGE.width - 2 * MARGIN;
// Sizes in half-points, as the PDF's: name 20 pt, role and headings 12 pt, body 10 pt.
const SIZES = { name: 40, role: 24, heading: 24, body: 20 } as const;
const FONT = 'Arial';
const BULLETS = 'resume-bullets';

function paragraphOf(block: ResumeBlock): Paragraph {
  switch (block.kind) {
    case 'name':
      return new Paragraph({
        children: [new TextRun({ text: block.text, bold: true, size: SIZES.name })],
      });
    case 'role':
      return new Paragraph({ children: [new TextRun({ text: block.text, size: SIZES.role })] });
    case 'heading':
      // A real Word heading (the navigation pane, and mammoth, read it as one), in capitals
      // with a rule under it like the PDF's.
      return new Paragraph({
        heading: HeadingLevel.HEADING_2,
        spacing: { before: 200, after: 80 },
        border: { bottom: { style: BorderStyle.SINGLE, size: 4, color: '999999', space: 1 } },
        children: [
          new TextRun({
            text: block.text.toUpperCase(),
            bold: true,
            size: SIZES.heading,
            color: '000000',
            font: FONT,
          }),
        ],
      });
    case 'line': {
      const runs = [new TextRun({ text: block.text, bold: block.bold === true })];
      if (block.right !== null && block.right !== undefined) {
        runs.push(new TextRun({ children: [new Tab(), block.right] }));
      }
      return new Paragraph({
        tabStops: [{ type: TabStopType.RIGHT, position: RIGHT_EDGE }],
        children: runs,
      });
    }
    case 'bullet':
      return new Paragraph({
        numbering: { reference: BULLETS, level: 0 },
        children: [new TextRun(block.text)],
      });
    case 'gap':
      return new Paragraph({ spacing: { after: 0 }, children: [] });
  }
}

/**
 * The builder's form as a Word file for the writer to edit: the same blocks, in the same one
 * column, as the PDF (resume-blocks.ts), with real headings and Word's own bullet list, so an
 * ATS reading the DOCX finds what it finds in the PDF.
 */
export async function renderResumeDocx(resume: ResumePayload): Promise<Buffer> {
  const document = new Document({
    creator: 'Shortlist',
    title: `${resume.personal.fullName} – Resume`,
    styles: { default: { document: { run: { font: FONT, size: SIZES.body } } } },
    numbering: {
      config: [
        {
          reference: BULLETS,
          levels: [
            {
              level: 0,
              format: LevelFormat.BULLET,
              text: '•',
              alignment: AlignmentType.LEFT,
              style: { paragraph: { indent: { left: 360, hanging: 240 } } },
            },
          ],
        },
      ],
    },
    sections: [
      {
        properties: {
          page: {
            size: PAGE,
            margin: { top: MARGIN, right: MARGIN, bottom: MARGIN, left: MARGIN },
          },
        },
        children: resumeBlocks(resume).map(paragraphOf),
      },
    ],
  });
  return Packer.toBuffer(document);
}
