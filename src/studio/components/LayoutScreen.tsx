/**
 * One layout: loads what its editor needs (the layout schema and the response schemas, once per
 * visit of the studio, and the layout itself), then the workspace; a failure is said in place.
 */
import { useEffect, useState } from 'react';
import { call, StudioError, type LayoutDetail, type Me } from '../api';
import type { DataSchemas } from '../bindingCompletion';
import type { Schema } from '../schema/schemaWalk';
import { Workspace } from './Workspace';

let schemas: Promise<[Schema, DataSchemas]> | null = null;

function editorSchemas(): Promise<[Schema, DataSchemas]> {
  schemas ??= Promise.all([
    call<Schema>('GET', '/schema'),
    call<DataSchemas>('GET', '/data-schemas'),
  ]).catch((e: unknown) => {
    schemas = null; // asked again next time
    throw e;
  });
  return schemas;
}

interface Loaded {
  schema: Schema;
  dataSchemas: DataSchemas;
  detail: LayoutDetail;
}

export function LayoutScreen(props: {
  name: string;
  me: Me;
  onExpired: (message?: string) => void;
}) {
  const { name, onExpired } = props;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    Promise.all([
      editorSchemas(),
      call<LayoutDetail>('GET', `/layouts/${encodeURIComponent(name)}`),
    ]).then(
      ([[schema, dataSchemas], detail]) => setLoaded({ schema, dataSchemas, detail }),
      (e: unknown) => {
        if (e instanceof StudioError && e.status === 401) onExpired();
        else setError(e instanceof Error ? e.message : String(e));
      },
    );
  }, [name, onExpired]);
  if (error)
    return (
      <p className="s-error s-heading" role="alert">
        {error}
      </p>
    );
  if (!loaded) return null;
  return <Workspace {...props} {...loaded} />;
}
