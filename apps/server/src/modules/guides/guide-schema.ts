/** SDL of the guide bus (docs/product.md §7). Field names are the wire's, including its spelling of isRealease. */
export const guideTypeDefs = /* GraphQL */ `
  type GuideStepApp {
    listAppId: String!
    appId: String!
    appCode: String!
    appName: String!
    appTag: String!
    appUrl: String!
    guideId: String!
    guideStepId: String!
  }

  type GuideStep {
    listId: String!
    context: String!
    guideId: String!
    stepNo: Int!
    stepTitle: String!
    guideStepAppList: [GuideStepApp!]!
  }

  type Guide {
    id: String!
    title: String!
    keyword: String!
    mainpic: String!
    isRealease: Boolean!
    createUser: String!
    createUserAccount: String!
    createTime: Float!
    updateTime: Float!
    updateUser: String!
    updateUserAccount: String!
    state: Int!
    guideStepList: [GuideStep!]!
  }

  type GuideEdge {
    node: Guide!
  }

  type GuideConnection {
    totalCount: Int!
    edges: [GuideEdge!]!
  }

  type Query {
    guide(
      first: Int
      offset: Int
      id: String
      title: String
      stepTitle: String
      context: String
      keyword: String
      isRealease: Boolean
      state: Int
      appId: [String]
      appTag: String
      appName: String
      appCode: [String]
    ): GuideConnection!
  }
`;
