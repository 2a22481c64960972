import './field-error.css';

/** The message a validate action with show: inline puts under a field (announced: role alert). */
export function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="k-field-error" role="alert">
      {message}
    </p>
  );
}
