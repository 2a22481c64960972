import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { Nodes } from '../../render/NodeView';
import { useText } from '../../render/useBinding';
import { useActionRunner } from '../../render/useAction';
import { PullArea, type PullTexts } from '../../render/PullArea';
import { styleClass } from '../styleClass';
import { msg } from '@kopa/format';

export default function PullRefresh({ node, pointer }: WidgetProps<NodeOf<'pull-refresh'>>) {
  const { run } = useActionRunner(pointer);
  const texts: PullTexts = {
    pull: useText(node.pullText ?? msg('widget.pullToRefresh'), `${pointer}/pullText`),
    release: useText(node.releaseText ?? msg('widget.releaseToRefresh'), `${pointer}/releaseText`),
    loading: useText(node.loadingText ?? msg('common.loading'), `${pointer}/loadingText`),
    finish: useText(node.finishText ?? msg('widget.refreshed'), `${pointer}/finishText`),
  };
  return (
    <PullArea
      id={node.id}
      className={styleClass(node.style, 'k-pull-refresh')}
      texts={texts}
      onRefresh={() => run(node.onRefresh, 'onRefresh')}
    >
      <Nodes nodes={node.children} pointer={`${pointer}/children`} />
    </PullArea>
  );
}
