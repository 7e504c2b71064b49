import { useSuspenseQuery } from '@tanstack/react-query';
import { IconChevronRight } from '@tabler/icons-react';
import type { JSX } from 'react';
import { Link, useParams } from 'react-router';
import { useTrpc } from '../../trpc.js';
import { PostCard, PostDateline, PostTags } from '../blog/PostCard.js';
import classes from '../blog/post.module.css';
import { EnquiryCallToAction } from '../content/EnquiryCallToAction.js';
import content from '../content/content.module.css';
import { PageSection } from '../content/PageSection.js';
import { useCountryId } from '../country.js';
import { PreviewNotice } from '../layout/PreviewNotice.js';
import { ResponsiveImage } from '../media/ResponsiveImage.js';
import ui from '../ui/ui.module.css';
import { BLOG_PATH, coverOf, postPreviewQuery, postQuery, type PostOnPage } from './blog-data.js';

/** Home › Blog › the post. */
function Breadcrumb({ title }: { title: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className={content.breadcrumb}>
        <li>
          <Link to="/">Home</Link>
        </li>
        <li>
          <IconChevronRight size={14} aria-hidden />
          <Link to={BLOG_PATH}>Blog</Link>
        </li>
        <li>
          <IconChevronRight size={14} aria-hidden />
          <span aria-current="page">{title}</span>
        </li>
      </ol>
    </nav>
  );
}

/** A blog post at its address (`/blog/<slug>`). */
export function BlogPostPage(): JSX.Element | null {
  const trpc = useTrpc();
  const countryId = useCountryId();
  const slug = useParams().slug ?? '';
  const found = useSuspenseQuery(postQuery(trpc, countryId, slug)).data;
  // The route's loader answered 404 or a redirect for anything but a post.
  if (!found || !('post' in found)) return null;
  return <PostArticle post={found.post} />;
}

/** What a preview tells whoever opened its link about the post's state. */
const PREVIEW_NOTICES = {
  DRAFT: 'Preview — this post is not published yet',
  SCHEDULED: 'Preview — this post is scheduled and not shown to visitors yet',
  PUBLISHED: 'Preview of a published post',
} as const;

/** A post as a staff member's preview link shows it (`/blog/preview/<token>`): the post's page under a notice. */
export function BlogPostPreviewPage(): JSX.Element {
  const trpc = useTrpc();
  const token = useParams().token ?? '';
  const { post, status } = useSuspenseQuery(postPreviewQuery(trpc, token)).data;
  return (
    <>
      <PreviewNotice>{PREVIEW_NOTICES[status]}</PreviewNotice>
      <PostArticle post={post} />
    </>
  );
}

/**
 * A blog post: its title, author, date and tags on the navy band, the cover as the hero, the body at a reading
 * measure, then related posts and an invitation to enquire. The body is the server's sanitised HTML (decision 039),
 * rendered as stored.
 */
function PostArticle({ post }: { post: PostOnPage }): JSX.Element {
  return (
    <>
      <article aria-labelledby="post-title">
        <header className={`${content.pageHero} ${classes.header}`}>
          <div className={`${ui.container} ${classes.headerInner}`}>
            <Breadcrumb title={post.title} />
            <h1 id="post-title" className={content.pageHeroTitle}>
              {post.title}
            </h1>
            <p className={`${content.heroDescription} ${classes.standfirst}`}>{post.excerpt}</p>
            <div className={classes.byline}>
              {post.author_name ? <p className={classes.author}>{`By ${post.author_name}`}</p> : null}
              <PostDateline post={post} className={classes.dateline} />
            </div>
          </div>
        </header>
        <div className={`${ui.container} ${classes.cover}`}>
          <ResponsiveImage
            image={coverOf(post.image)}
            sizes="(min-width: 66em) 1040px, 100vw"
            priority
            aspectRatio="16 / 9"
            fit="cover"
            radius="lg"
          />
        </div>
        <div className={`${ui.container} ${classes.column}`}>
          <div className={classes.body} dangerouslySetInnerHTML={{ __html: post.body_html ?? '' }} />
          {post.tags.length > 0 ? (
            <footer className={classes.footer}>
              <p className={ui.small}>Tagged</p>
              <PostTags tags={post.tags} />
            </footer>
          ) : null}
        </div>
      </article>
      {post.related.length > 0 ? (
        <PageSection title="Related posts" width="wide">
          <div className={ui.grid3}>
            {post.related.map((related) => (
              <PostCard key={related.id} post={related} />
            ))}
          </div>
        </PageSection>
      ) : null}
      <EnquiryCallToAction heading="Planning your next step?" />
    </>
  );
}
