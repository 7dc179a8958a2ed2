import type { PolicyDocument } from '@webpay/contracts/financial-assistance';

/** One of the hospital's published documents, as plain headings and paragraphs. */
export function PolicyDocumentSection({ id, document }: { id: string; document: PolicyDocument }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <h2 id={`${id}-heading`} className="scroll-mt-6 text-xl font-semibold">
        {document.title}
      </h2>
      {document.sections.map((section) => (
        <div key={section.heading} className="flex flex-col gap-2">
          <h3 className="font-semibold">{section.heading}</h3>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="leading-relaxed">
              {paragraph}
            </p>
          ))}
        </div>
      ))}
    </section>
  );
}
