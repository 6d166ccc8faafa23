import { useParams } from 'react-router';
import { Page } from '../../ui/Page';

export default function PromptPage() {
  const { item = '' } = useParams();
  return <Page route="prompt" title={item.replace(/-/g, ' ')} />;
}
